import CamschedTestSupport
import Foundation
import Testing

/// camsched's commands and jobs on a libcamera camera (`libcamera:`): Debian's libcamera 0.0.3
/// driving vimc in the guest, through the same binary and the same paths as a V4L2 camera.
/// vimc's sizes that libcamera takes as asked are multiples of 3 (its scaler's factor):
/// 960x540 and 768x480 here.
@Suite(.serialized, .enabled(if: VividEnvironment.isRequired))
struct VividLibcameraJobTests {
    static let uri = "libcamera:platform/vimc.0 Sensor B"

    @Test func devicesListsTheLibcameraCameraOnceAndItsNodesAsPartsOfIt() throws {
        try VimcModule.load()
        let json = try CamschedBinary.run(["devices", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        let libcamera = entries.filter { $0["driver"] as? String == "libcamera" }
        #expect(libcamera.count == 1, "\(libcamera)")
        #expect(libcamera.first?["uri"] as? String == Self.uri)
        #expect((libcamera.first?["controls"] as? [String])?.contains("Brightness") == true)
        let text = try CamschedBinary.run(["devices"]).stdout
        let vimcNodes = text.split(separator: "\n").filter { $0.hasPrefix("/dev/video") && $0.contains("driver vimc") }
        #expect(!vimcNodes.isEmpty, "\(text)")
        // vimc's capture nodes are ends of its pipeline, not cameras of their own.
        #expect(vimcNodes.allSatisfy { !$0.hasSuffix("[camera]") }, "\(vimcNodes)")
        #expect(text.contains("\(Self.uri) (Sensor B, libcamera)"))
    }

    @Test func aSnapshotDecodesAtTheAskedSize() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        for (device, name) in [("libcamera:", "a.jpg"), ("name:Sensor B", "b.jpg")] {
            let result = try CamschedBinary.run(["snapshot", "--device", device, "--size", "960x540", "-o", dir.file(name).path],
                                                timeout: 180)
            #expect(result.status == 0, "\(device): \(result.stderr)")
            let probe = try MediaProbe.probe(dir.file(name))
            #expect(probe.width == 960 && probe.height == 540)
            let (darkest, brightest) = try MediaProbe.lumaExtremes(dir.file(name), width: 960, height: 540)
            #expect(brightest > 150 && darkest < 60, "vimc's colour bars: luma \(darkest)…\(brightest)")
        }
    }

    /// An interval job: every shot filed with its sidecar naming the libcamera camera; the
    /// Brightness control set in the job shows in the pictures.
    @Test func anIntervalJobFilesEveryShotAndBrightnessChangesThePicture() throws {
        try VimcModule.load()
        var means: [Double] = []
        for brightness in [-0.5, 0.5] {
            let dir = try TemporaryDirectory()
            let job = try dir.write("v.json", """
            {"name": "vimc", "camera": {"device": "libcamera:", "size": "768x480", "fps": 10, "warmup": "500ms",
              "controls": {"Brightness": \(brightness)}},
             "capture": {"interval": {"every": "2s", "count": 10}},
             "output": {"root": "out", "path": "{job}/{seq}"}}
            """)
            let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"], timeout: 300)
            #expect(result.status == 0, "\(result.stderr)")
            let stills = dir.files().filter { $0.hasSuffix(".jpg") }.sorted()
            let done = result.stdout.split(separator: "\n")
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.first { $0["event"] as? String == "done" }
            let skipped = done?["skipped"] as? Int ?? -1
            #expect(stills.count + skipped == 10 && skipped <= 1, "\(stills.count) stills, \(skipped) skipped")
            for still in stills {
                let side = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file(still + ".json"))) as? [String: Any] ?? [:]
                let device = side["device"] as? [String: Any] ?? [:]
                #expect(device["driver"] as? String == "libcamera" && device["card"] as? String == "Sensor B", "\(device)")
            }
            let last = try #require(stills.last)
            means.append(try MediaProbe.lumaMean(dir.file(last), width: 768, height: 480))
            let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
            #expect(verify.status == 0, "\(verify.stdout)")
        }
        #expect(means[1] > means[0] + 40, "Brightness -0.5 → mean luma \(means[0]), +0.5 → \(means[1])")
    }

    /// 30 s recorded in 10 s segments: three playable files whose frames are their sidecars'.
    @Test func aRecordingInSegmentsIsPlayable() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        let job = try dir.write("r.json", """
        {"name": "vimcrec", "camera": {"device": "libcamera:", "size": "768x480", "fps": 5, "warmup": "0s"},
         "capture": {"record": {"duration": "30s", "segment": "10s", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        let videos = dir.files().filter { $0.hasSuffix(".mp4") }.map { dir.file($0) }
        #expect(videos.count == 3)
        var total = 0
        for video in videos {
            let probe = try MediaProbe.probe(video)
            #expect(probe.codec == "h264" && probe.width == 768 && probe.height == 480)
            let side = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: video.path + ".json"))) as? [String: Any] ?? [:]
            #expect(side["frames"] as? Int == probe.frames, "the sidecar counts the frames the file holds")
            total += probe.frames
        }
        #expect(total >= 100, "30 s at 5 fps: \(total) frames filed")
    }
}
