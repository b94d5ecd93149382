import Foundation
import Testing
@testable import CamschedJobs

/// Every number of a job file has a range; values outside it (including those that once
/// crashed `run`) are problems naming the JSON path, line and column.
@Suite("Numeric ranges")
struct NumericRangeTests {
    /// The problems of a job whose camera, capture and other sections are given as JSON text.
    func problems(camera: String = "{}", capture: String = #"{"interval": {"every": "1s", "count": 1}}"#,
                  extra: String = "") throws -> [JobProblem] {
        let json = #"{"name": "r", "camera": \#(camera), "capture": \#(capture)\#(extra)}"#
        do {
            _ = try JobLoader.load(data: Data(json.utf8), sourceURL: nil)
            return []
        } catch {
            return error.problems
        }
    }

    @Test(arguments: [
        (#"{"zoom": 1e300}"#, "camera.zoom"),
        (#"{"zoom": 101}"#, "camera.zoom"),
        (#"{"fps": 18446744073709551616}"#, "camera.fps"),
        (#"{"fps": 0.05}"#, "camera.fps"),
        (#"{"fps": 1001}"#, "camera.fps"),
        (#"{"warmup": "61s"}"#, "camera.warmup"),
        (#"{"warmup": 1e300}"#, "camera.warmup"),
        (#"{"focus": {"manual": 1e300}}"#, "camera.focus.manual"),
        (#"{"exposure": {"manual": -2147483649}}"#, "camera.exposure.manual"),
        (#"{"rotation": 1e300}"#, "camera.rotation"),
        (#"{"controls": {"sharpness": 1e300}}"#, #"camera.controls.sharpness"#),
        (#"{"exposure": {"mode": "auto", "pointOfInterest": [1e300, -0]}}"#, "camera.exposure.pointOfInterest"),
        (#"{"device": "test:?size=10x10"}"#, "camera.device"),
        (#"{"device": "test:?disconnectAfter=1e300"}"#, "camera.device"),
        (#"{"device": "test:?="}"#, "camera.device"),
        (#"{"device": ["auto", "test:?fps=nan"]}"#, "camera.device[1]"),
    ])
    func cameraNumbersOutOfRange(camera: String, path: String) throws {
        let found = try problems(camera: camera)
        #expect(found.map(\.path) == [path])
        #expect(found.allSatisfy { $0.line == 1 && $0.column > 1 })
    }

    @Test(arguments: [
        (#"{"interval": {"every": "1s", "count": 1, "assemble": {"fps": 1.8e19}}}"#, "capture.interval.assemble.fps"),
        (#"{"interval": {"every": "1s", "count": 1, "assemble": {"fps": 1e-300}}}"#, "capture.interval.assemble.fps"),
        (#"{"interval": {"every": "1s", "count": 1e300}}"#, "capture.interval.count"),
        (#"{"interval": {"every": "1s", "count": 100000001}}"#, "capture.interval.count"),
        (#"{"interval": {"every": 1e-300, "count": 1}}"#, "capture.interval.every"),
        (#"{"interval": {"every": "100d", "count": 367}}"#, "capture.interval.count"),
        (#"{"interval": {"every": "1e300s", "count": 1}}"#, "capture.interval.every"),
        (#"{"interval": {"every": "1s", "duration": 1e300}}"#, "capture.interval.duration"),
        (#"{"interval": {"every": "1s", "until": "2026-06-21T24:00:00Z"}}"#, "capture.interval.until"),
        (#"{"burst": {"count": 18446744073709551616}}"#, "capture.burst.count"),
        (#"{"burst": {"count": 2, "fps": 1e300}}"#, "capture.burst.fps"),
        (#"{"burst": {"count": 2, "bracket": [1e300]}}"#, "capture.burst.bracket[0]"),
        (#"{"record": {"duration": "1s", "segment": "0.5s"}}"#, "capture.record.segment"),
        (#"{"record": {"duration": "1s", "quality": 1e300}}"#, "capture.record.quality"),
        (#"{"record": {"duration": "1s", "bitrate": 1e300}}"#, "capture.record.bitrate"),
        (#"{"record": {"duration": "1s", "bitrate": "20G"}}"#, "capture.record.bitrate"),
        (#"{"record": {"duration": "1s", "stillsEvery": -0.5}}"#, "capture.record.stillsEvery"),
    ])
    func captureNumbersOutOfRange(capture: String, path: String) throws {
        let found = try problems(capture: capture)
        #expect(found.map(\.path) == [path])
        #expect(found.allSatisfy { $0.line == 1 && $0.column > 1 })
    }

    @Test(arguments: [
        (#", "throttle": {"serious": 1e300}"#, "throttle.serious"),
        (#", "throttle": {"critical": 30}"#, "throttle.critical"),
        (#", "throttle": {"critical": 12, "serious": 10}"#, "throttle.critical"),
        (#", "throttle": {"shutdown": 16}"#, "throttle.shutdown"),
        (#", "throttle": {"recoverAfter": "2d"}"#, "throttle.recoverAfter"),
        (#", "still": {"quality": 1e300}"#, "still.quality"),
        (#", "retention": {"maxSize": 1e300}"#, "retention.maxSize"),
        (#", "retention": {"minFree": "2000000TB"}"#, "retention.minFree"),
        (#", "retention": {"maxAge": 1e300}"#, "retention.maxAge"),
        (#", "hooks": {"timeout": "2d"}"#, "hooks.timeout"),
        (#", "output": {"path": "{job}/./a/{seq}"}"#, "output.path"),
        (#", "output": {"path": "{seq}\u0000x"}"#, "output.path"),
        (#", "output": {"root": "a\u0000b"}"#, "output.root"),
        (#", "pressureFrom": "\u0000""#, "pressureFrom"),
    ])
    func otherNumbersAndPathsOutOfRange(extra: String, path: String) throws {
        let found = try problems(extra: extra)
        #expect(found.map(\.path) == [path])
        #expect(found.allSatisfy { $0.line == 1 && $0.column > 1 })
    }

    @Test func seriousAloneBringsTheDefaultCriticalDown() throws {
        let json = #"{"name": "t", "capture": {"record": {"duration": "1s"}}, "throttle": {"serious": 10}}"#
        let job = try JobLoader.load(data: Data(json.utf8), sourceURL: nil)
        #expect(job.throttle.serious == 10)
        #expect(job.throttle.critical == 10)
    }

    @Test func limitsAreAccepted() throws {
        let json = """
        {"name": "l", "camera": {"device": "test:?size=320x64", "fps": 1000, "zoom": 100, "warmup": "60s",
          "focus": {"manual": 2147483647}, "exposure": {"manual": -2147483648}},
         "capture": {"interval": {"every": "1ms", "count": 100000000, "assemble": {"fps": 0.1}}},
         "throttle": {"serious": 0.1, "critical": 0.1, "shutdown": 0.1, "recoverAfter": "1d"},
         "retention": {"maxSize": "1000000TB", "minFree": 0}, "hooks": {"timeout": "1d"}}
        """
        let job = try JobLoader.load(data: Data(json.utf8), sourceURL: nil)
        #expect(job.camera.zoom == 100)
        #expect(job.camera.fps == 1000)
        #expect(job.retention.maxSize == 1_000_000_000_000_000_000)
        guard case .interval(let interval) = job.capture else { Issue.record("not an interval"); return }
        #expect(interval.count == 100_000_000)
        #expect(interval.assembleFPS == 0.1)
    }
}
