import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

@Suite("Job loading")
struct JobLoaderTests {
    let folder = URL(fileURLWithPath: "/srv/camsched/jobs", isDirectory: true)

    func load(_ json: String) throws(JobFileError) -> Job {
        try JobLoader.load(data: Data(json.utf8), sourceURL: folder.appendingPathComponent("test.json"))
    }

    @Test func minimalJobGetsTheDocumentedDefaults() throws {
        let job = try load(#"{"name": "min", "capture": {"interval": {"every": 10, "count": 3}}}"#)
        #expect(job.name == "min")
        #expect(job.camera == CameraSettings())
        #expect(job.camera.devices == ["auto"])
        #expect(job.camera.size == nil)
        // Unset: 1 s for a camera that settles, none for a video file (CameraSettings.warmup(cameraSettles:)).
        #expect(job.camera.warmup == nil)
        #expect(job.camera.warmup(cameraSettles: true) == .seconds(1))
        #expect(job.camera.warmup(cameraSettles: false) == .zero)
        #expect(job.camera.focus == nil)
        #expect(job.capture == .interval(IntervalSpec(every: .seconds(10), count: 3)))
        #expect(job.throttle == ThrottleSpec(serious: 20, critical: 15, shutdown: .stop, recoverAfter: .seconds(30)))
        #expect(job.still == StillSpec(format: .jpeg, quality: 90))
        #expect(job.output.root.path == "/srv/camsched/jobs/captures")
        #expect(job.output.path == "{job}/%Y-%m-%d/{job}-%Y%m%d-%H%M%S-{seq}")
        #expect(job.output.sidecar && job.output.exif && job.output.catalog && !job.output.latest && !job.output.faststart)
        #expect(job.retention == RetentionSpec())
        #expect(job.hooks == HooksSpec(timeout: .seconds(30)))
        #expect(job.schedule == nil)
        #expect(job.sourceURL?.lastPathComponent == "test.json")
    }

    @Test func fullJobReadsEveryKey() throws {
        let job = try load("""
        {
          "$schema": "../Documentation/job.schema.json",
          "name": "garden.cam_1",
          "camera": {
            "device": ["/dev/v4l/by-id/usb-046d*", "name:C920", "auto"],
            "size": "1080p", "fps": 29.97, "pixelFormat": "MJPG", "warmup": "2.5s",
            "focus": "auto",
            "exposure": {"manual": 120},
            "whiteBalance": {"mode": "locked", "pointOfInterest": [0.25, 0.75], "required": true},
            "zoom": 2, "controls": {"power_line_frequency": "50 Hz", "sharpness": 128, "backlight": true},
            "rotation": 270, "mirror": true
          },
          "capture": {"record": {"duration": "1h30m", "segment": "10m", "codec": "hevc", "encoder": "hevc_vaapi",
                                 "bitrate": "4M", "preset": "fast", "container": "mkv", "stillsEvery": 60}},
          "throttle": {"serious": 24, "critical": 12, "shutdown": 5, "recoverAfter": "2m"},
          "still": {"format": "webp", "quality": 80},
          "output": {"root": "../media", "path": "{job}/{run}/{kind}-{seq:4}-%j", "sidecar": false, "exif": false,
                     "catalog": false, "latest": true, "faststart": true},
          "retention": {"maxAge": "30d", "maxSize": "20GiB", "minFree": "500MB"},
          "hooks": {"onFile": ["/usr/local/bin/upload", "--fast"], "onRunEnd": "echo done", "timeout": "5s"},
          "schedule": {"cron": "*/15 8-18 * * MON-FRI", "timezone": "America/New_York", "missed": "once"},
          "pressureFrom": "pressure.txt"
        }
        """)
        #expect(job.camera.devices == ["/dev/v4l/by-id/usb-046d*", "name:C920", "auto"])
        #expect(job.camera.size == .preset(.p1080))
        #expect(job.camera.fps == 29.97)
        #expect(job.camera.pixelFormat == "MJPG")
        #expect(job.camera.warmup == .milliseconds(2500))
        #expect(job.camera.focus == ControlModeSetting(mode: .auto))
        #expect(job.camera.exposure == ControlModeSetting(mode: .manual(120)))
        #expect(job.camera.whiteBalance
            == ControlModeSetting(mode: .locked, pointOfInterest: PointOfInterest(x: 0.25, y: 0.75), required: true))
        #expect(job.camera.zoom == 2)
        #expect(job.camera.controls == ["power_line_frequency": .text("50 Hz"), "sharpness": .integer(128), "backlight": .integer(1)])
        #expect(job.camera.rotation == 270 && job.camera.mirror)
        #expect(job.capture == .record(RecordSpec(
            duration: .seconds(5400), segment: .seconds(600), codec: .hevc, encoder: "hevc_vaapi", quality: nil,
            preset: "fast", bitrate: 4_000_000, container: .mkv, stillsEvery: .seconds(60))))
        #expect(job.throttle == ThrottleSpec(serious: 24, critical: 12, shutdown: .limit(fps: 5), recoverAfter: .seconds(120)))
        #expect(job.still == StillSpec(format: .webp, quality: 80))
        var output = OutputSpec(root: URL(fileURLWithPath: "/srv/camsched/media"), path: "{job}/{run}/{kind}-{seq:4}-%j",
                                sidecar: false, exif: false, catalog: false, latest: true)
        output.faststart = true
        #expect(job.output == output)
        #expect(job.retention == RetentionSpec(maxAge: .seconds(30 * 86_400), maxSize: 20 * 1_073_741_824, minFree: 500_000_000))
        #expect(job.hooks == HooksSpec(onFile: .arguments(["/usr/local/bin/upload", "--fast"]), onRunEnd: .shell("echo done"),
                                       timeout: .seconds(5)))
        #expect(job.schedule?.timeZone.identifier == "America/New_York")
        #expect(job.schedule?.missed == .once)
        #expect(job.timeZone.identifier == "America/New_York")
        #expect(job.pressureFrom?.path == "/srv/camsched/jobs/pressure.txt")
    }

    @Test func captureKindsAndTheirOptions() throws {
        let burst = try load(#"{"name": "b", "capture": {"burst": {"count": 4, "fps": 10, "bracket": [-1, 0, 1.5]}}}"#)
        #expect(burst.capture == .burst(BurstSpec(count: 4, fps: 10, bracket: [-1, 0, 1.5])))
        let interval = try load("""
        {"name": "i", "capture": {"interval": {"every": "500ms", "until": "2026-06-21T18:30:00+02:00", "align": true,
                                                "keepOpen": false, "assemble": true}}}
        """)
        #expect(interval.capture == .interval(IntervalSpec(
            every: .milliseconds(500), until: TestDates.date("2026-06-21T16:30:00Z"), align: true, keepOpen: .never,
            assembleFPS: 30)))
        let record = try load(#"{"name": "r", "capture": {"record": {"duration": 90, "quality": 23}}}"#)
        #expect(record.capture == .record(RecordSpec(duration: .seconds(90), quality: 23)))
    }

    @Test func pathsResolveAgainstTheJobFolderNeverTheCurrentDirectory() throws {
        let job = try load(#"{"name": "p", "capture": {"burst": {"count": 1}}, "output": {"root": "out/../shots"}}"#)
        #expect(job.output.root.path == "/srv/camsched/jobs/shots")
        let absolute = try load(#"{"name": "p", "capture": {"burst": {"count": 1}}, "output": {"root": "/var/lib/camsched"}}"#)
        #expect(absolute.output.root.path == "/var/lib/camsched")
        let fromFile = try JobLoader.load(data: Data(#"{"name": "p", "capture": {"burst": {"count": 1}}}"#.utf8),
                                          sourceURL: URL(fileURLWithPath: "/etc/camsched/night.json"))
        #expect(fromFile.output.root.path == "/etc/camsched/captures")
    }

    @Test func unreadableFile() {
        let url = URL(fileURLWithPath: "/nonexistent/camsched-job.json")
        #expect(throws: JobFileError(file: "/nonexistent/camsched-job.json", problems: [
            JobProblem(path: "", line: 0, column: 0, message: "cannot read the job file: no such file"),
        ])) { try JobLoader.load(contentsOf: url) }
    }

    @Test func intervalKeepOpenAuto() {
        #expect(IntervalSpec(every: .seconds(10), count: 1).keepsStreamOpen)
        #expect(!IntervalSpec(every: .seconds(30), count: 1).keepsStreamOpen)
        #expect(IntervalSpec(every: .seconds(60), count: 1, keepOpen: .always).keepsStreamOpen)
    }

    @Test func recordSegmentCount() {
        let start = Date(timeIntervalSince1970: 1_774_000_000), utc = TimeZone(identifier: "UTC")!
        func count(_ spec: RecordSpec) -> Int? { spec.segmentCount(startingAt: start, timeZone: utc) }
        #expect(count(RecordSpec(duration: .seconds(3600), segment: .seconds(600))) == 6)
        #expect(count(RecordSpec(duration: .seconds(3601), segment: .seconds(600))) == 7)
        #expect(count(RecordSpec(duration: .seconds(60))) == 1)
        #expect(count(RecordSpec(duration: .seconds(60), segment: .seconds(600))) == 1)
        #expect(count(RecordSpec(duration: nil, segment: .seconds(600))) == nil)
    }
}
