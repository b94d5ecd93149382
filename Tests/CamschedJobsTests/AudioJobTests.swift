import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// `camera.audio` in a job file: false, true or an object, every key checked; the codec must
/// fit the container; `auto` needs a camera whose microphone camsched can find; a network
/// camera's sound is refused for now, saying so.
@Suite struct AudioJobTests: JobTextTesting {
    static let jobFile = "/jobs/sound.json"

    static func job(_ audio: String, device: String = "test:?audio=tone", record: String = #""duration": "10s""#) -> String {
        #"{"name": "s", "camera": {"device": "\#(device)", "audio": \#(audio)}, "capture": {"record": {\#(record)}}}"#
    }

    @Test func anObjectSetsEveryKeyAndLeavesTheRestAtTheirDefaults() throws {
        let full = try load(Self.job(#"{"device": "hw:CARD=C920,DEV=0", "rate": 24000, "channels": 2, "codec": "opus", "bitrate": "96k", "required": true}"#,
                                     device: "/dev/video0"))
        #expect(full.camera.audio == AudioSpec(device: "hw:CARD=C920,DEV=0", rate: 24_000, channels: 2, codec: .opus, bitrate: 96_000, required: true))
        let defaults = try load(Self.job("{}"))
        #expect(defaults.camera.audio == AudioSpec())
        #expect(try load(Self.job("true")).camera.audio == AudioSpec())
        #expect(try load(Self.job("false")).camera.audio == AudioSpec(enabled: false))
        #expect(try load(#"{"name": "s", "capture": {"record": {"duration": "10s"}}}"#).camera.audio == nil)
    }

    @Test func badValuesAreRefusedAtTheirKeyWithTheFix() {
        let cases: [(String, String)] = [
            (#"{"rate": 1234567}"#, "camera.audio.rate"),
            (#"{"rate": 7999}"#, "camera.audio.rate"),
            (#"{"channels": 0}"#, "camera.audio.channels"),
            (#"{"channels": 9}"#, "camera.audio.channels"),
            (#"{"codec": "mp3"}"#, "camera.audio.codec"),
            (#"{"bitrate": "fast"}"#, "camera.audio.bitrate"),
            (#"{"device": ""}"#, "camera.audio.device"),
            (#"{"device": "hw:0 ; rm -rf"}"#, "camera.audio.device"),
            (#"{"loud": true}"#, "camera.audio.loud"),
            (#""yes""#, "camera.audio"),
            (#"{"codec": "opus", "rate": 44100}"#, "camera.audio.rate"),
        ]
        for (audio, key) in cases {
            let text = problems(Self.job(audio))
            #expect(text.contains(key), "\(audio): \(text)")
        }
        #expect(problems(Self.job(#"{"codec": "mp3"}"#)).contains(#""aac", "opus", "pcm""#))
    }

    @Test func pcmFitsOnlyMatroska() throws {
        let text = problems(Self.job(#"{"codec": "pcm"}"#))
        #expect(text.contains("camera.audio.codec") && text.contains("container to \"mkv\""), "\(text)")
        _ = try load(Self.job(#"{"codec": "pcm"}"#, record: #""duration": "10s", "container": "mkv""#))
    }

    @Test func autoNeedsACameraWithAMicrophoneAndANetworkCamerasSoundIsItsStreams() throws {
        let file = problems(Self.job("{}", device: "file:/videos/a.mp4"))
        #expect(file.contains("camera.audio.device") && file.contains("arecord -l"), "\(file)")
        let libcamera = problems(Self.job("{}", device: "libcamera:"))
        #expect(libcamera.contains("camera.audio.device"), "\(libcamera)")
        _ = try load(Self.job(#"{"device": "hw:CARD=Mic,DEV=0"}"#, device: "libcamera:"))
        _ = try load(Self.job("{}", device: "/dev/video0"))
        // A network camera's sound is its stream's: auto (or nothing) takes it, at the stream's rate.
        _ = try load(Self.job("{}", device: "rtsp://cam.local/stream"))
        _ = try load(Self.job(#"{"device": "auto", "channels": 2, "codec": "opus"}"#, device: "rtsp://cam.local/stream"))
        let device = problems(Self.job(#"{"device": "hw:CARD=Mic,DEV=0"}"#, device: "rtsp://cam.local/stream"))
        #expect(device.contains("camera.audio.device") && device.contains("brings its sound in its stream"), "\(device)")
        let rate = problems(Self.job(#"{"rate": 16000}"#, device: "http://cam.local/stream.mjpg"))
        #expect(rate.contains("camera.audio.rate") && rate.contains("its stream's own rate, not 16000"), "\(rate)")
        // Off on purpose is fine anywhere, and stills have no sound to check.
        _ = try load(Self.job("false", device: "rtsp://cam.local/stream"))
        _ = try load(#"{"name": "s", "camera": {"device": "file:/videos/a.mp4", "audio": {}}, "capture": {"interval": {"every": "10s", "count": 3}}}"#)
    }
}
