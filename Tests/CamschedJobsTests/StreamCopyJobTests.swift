import Foundation
import Testing
@testable import CamschedJobs

/// `codec: "copy"` in a job file: a recording keeps the camera's stream; what contradicts it
/// (encoding keys, a raw pixel format) is refused with the fix, for recordings and trigger jobs alike.
@Suite struct StreamCopyJobTests: JobTextTesting {
    static let jobFile = "/jobs/copy.json"

    @Test func aRecordingWithCodecCopyKeepsTheCamerasStream() throws {
        let job = try load(#"{"name": "c", "camera": {"pixelFormat": "MJPG"}, "capture": {"record": {"duration": "10s", "codec": "copy", "container": "mkv"}}}"#)
        guard case let .record(spec) = job.capture else { throw CancellationError() }
        #expect(spec.copiesCameraStream)
        #expect(spec.container == .mkv)
    }

    @Test func encodingKeysWithCopyAreRefusedEachByName() {
        let text = problems(#"{"name": "c", "capture": {"record": {"duration": "10s", "codec": "copy", "encoder": "libx264", "bitrate": "4M"}}}"#)
        #expect(text.contains("capture.record.encoder") && text.contains("remove \"encoder\""), "\(text)")
        #expect(text.contains("capture.record.bitrate") && text.contains("remove \"bitrate\""), "\(text)")
    }

    @Test func aRawPixelFormatWithCopyIsRefused() {
        let text = problems(#"{"name": "c", "camera": {"pixelFormat": "NV12"}, "capture": {"record": {"duration": "10s", "codec": "copy"}}}"#)
        #expect(text.contains("camera.pixelFormat") && text.contains("NV12"), "\(text)")
        // Pointed at the key to change, not at the camera object.
        let placed = problems("{\"name\": \"c\",\n \"camera\": {\"device\": \"test:\",\n   \"pixelFormat\": \"NV12\"},\n \"capture\": {\"record\": {\"duration\": \"10s\", \"codec\": \"copy\"}}}")
        #expect(placed.contains("copy.json:3:4: camera.pixelFormat"), "\(placed)")
    }

    @Test(arguments: ["MJPG", "JPEG", "H264"])
    func aCompressedPixelFormatWithCopyIsTaken(_ format: String) throws {
        let job = try load(#"{"name": "c", "camera": {"pixelFormat": "\#(format)"}, "capture": {"record": {"duration": "10s", "codec": "copy"}}}"#)
        #expect(job.camera.pixelFormat == format)
    }

    @Test func aTriggerJobCopiesWithTheSameChecksAsARecording() throws {
        let job = try load(#"{"name": "c", "capture": {"trigger": {"external": true, "codec": "copy", "container": "mkv"}}}"#)
        guard case let .trigger(spec) = job.capture else { Issue.record("not a trigger job"); return }
        #expect(spec.encoding.copiesCameraStream && spec.encoding.container == .mkv)
        let raw = problems(#"{"name": "c", "camera": {"pixelFormat": "YUYV"}, "capture": {"trigger": {"external": true, "codec": "copy"}}}"#)
        #expect(raw.contains("camera.pixelFormat"), "\(raw)")
        let quality = problems(#"{"name": "c", "capture": {"trigger": {"external": true, "codec": "copy", "quality": 20}}}"#)
        #expect(quality.contains("capture.trigger.quality"), "\(quality)")
        let rotated = problems(#"{"name": "c", "camera": {"rotation": 90}, "capture": {"trigger": {"external": true, "codec": "copy", "container": "mkv"}}}"#)
        #expect(rotated.contains("capture.trigger.container"), "\(rotated)")
    }
}
