import CamschedCore
import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// A one-shot interval run from a camera that sends MJPEG (the test camera does by default, as
/// most UVC cameras do at their larger sizes) files its still with `light.brightness` without
/// loading FFmpeg and without decoding every pixel: libjpeg-turbo reads each 8x8 block's mean.
/// `CAMSCHED_TEST_FFMPEG_MISSING=avutil` makes every FFmpeg library unloadable.
@Suite struct StillBrightnessWithoutFFmpegTests {
    @Test func anMJPEGStillHasItsBrightnessWithoutFFmpeg() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("one.json", """
        {"name": "one", "camera": {"device": "test:?size=640x360&pace=fast", "size": "640x360", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out", "path": "{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], environment: ["CAMSCHED_TEST_FFMPEG_MISSING": "avutil"])
        #expect(result.status == 0, "\(result.stderr)")
        let still = try Data(contentsOf: dir.file("out/000001.jpg"))
        let sidecar = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file("out/000001.jpg.json"))) as? [String: Any])
        #expect((sidecar["format"] as? [String: Any])?["pixelFormat"] as? String == "MJPG")
        let brightness = try #require((sidecar["light"] as? [String: Any])?["brightness"] as? Double, "no light.brightness: \(sidecar)")
        // The filed still is the camera's JPEG: measured again here, it reads the same.
        let frame = still.withUnsafeBytes {
            VideoFrame(width: 640, height: 360, pixelFormat: .mjpg, bytesPerLine: 0, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
        let measured = try #require(FrameMeter().measure(frame))
        #expect(abs(measured.brightness - brightness) < 0.001, "sidecar \(brightness), still \(measured.brightness)")
        // Metered at 1/8 scale, it is the mean of every pixel (the ffmpeg tool's full decode) within 2 levels of 255.
        let full = try StillBrightness.of([dir.file("out/000001.jpg")])[0]
        #expect(abs(brightness - full) <= 2.0 / 255, "sidecar \(brightness), full decode \(full)")
        #expect(brightness > 0.05 && brightness < 0.95)
        #expect(!ExifReader.tags(ofJPEG: still).isEmpty)
    }
}
