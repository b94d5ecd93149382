import CamschedCapture
import CamschedCore
import Foundation
import Testing

/// The test camera's `pattern=` reaches its MJPEG frames too (stills of an interval job are
/// taken as MJPEG): `noise` makes a JPEG many times larger than the bars.
@Suite struct SyntheticJPEGPatternTests {
    static func firstJPEG(pattern: String) throws -> Int {
        var options = SyntheticCameraOptions()
        (options.pixelFormat, options.pattern, options.fastPace) = (.mjpg, pattern, true)
        let camera = Camera.synthetic(options: options, uri: "test:jpeg-\(pattern)")
        try camera.open()
        defer { camera.close() }
        _ = try camera.configure(mode: try #require(camera.currentMode()), fps: 30)
        try camera.startStreaming()
        let frame = try #require(try camera.nextFrame(timeout: .seconds(1)))
        #expect(frame.pixelFormat == .mjpg && frame.bytes.starts(with: [0xFF, 0xD8]))
        return frame.bytes.count
    }

    @Test func noiseReachesTheJPEGFrames() throws {
        let bars = try Self.firstJPEG(pattern: "bars")
        let noise = try Self.firstJPEG(pattern: "noise")
        #expect(noise > 5 * bars, "noise \(noise) bytes, bars \(bars) bytes")
    }
}
