import Foundation
import Testing
@testable import CamschedJobs

/// `codec: "auto"` in a job file: a recording copies where the camera allows it, else encodes
/// with h264 and the encoding keys, which are therefore accepted; a trigger job encodes.
@Suite struct AutoCodecJobTests: JobTextTesting {
    static let jobFile = "/jobs/auto.json"

    @Test func aRecordingWithCodecAutoKeepsTheEncodingKeysForWhenItEncodes() throws {
        let job = try load(#"{"name": "a", "camera": {"pixelFormat": "YUYV", "zoom": 2, "rotation": 90}, "capture": {"record": {"duration": "10s", "codec": "auto", "quality": 30, "preset": "veryfast", "encoder": "libx264", "container": "mkv"}}}"#)
        guard case let .record(spec) = job.capture else { throw CancellationError() }
        #expect(spec.autoCopies && !spec.copiesCameraStream)
        #expect(spec.codec == .h264 && spec.quality == 30 && spec.preset == "veryfast" && spec.encoder == "libx264")
        #expect(spec.container == .mkv)
    }

    @Test func aTriggerJobTakesCodecAutoAndEncodes() throws {
        let job = try load(#"{"name": "a", "capture": {"trigger": {"external": true, "codec": "auto", "bitrate": "2M"}}}"#)
        guard case let .trigger(spec) = job.capture else { throw CancellationError() }
        #expect(spec.encoding.autoCopies && spec.encoding.codec == .h264 && spec.encoding.bitrate == 2_000_000)
    }

    @Test func anotherCodecIsNotAuto() throws {
        let job = try load(#"{"name": "a", "capture": {"record": {"duration": "10s", "codec": "hevc"}}}"#)
        guard case let .record(spec) = job.capture else { throw CancellationError() }
        #expect(!spec.autoCopies && spec.codec == .hevc)
    }
}
