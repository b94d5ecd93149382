import CamschedCapture
import CamschedMedia
import Foundation
import Testing

/// The behaviour every camera back-end (V4L2, synthetic, file) must share. Each back-end's
/// test target calls ``check(_:frames:)`` with a factory for a fresh camera.
package enum CameraContract {
    /// Runs the shared checks on a fresh camera from `make`, streaming `frames` frames.
    package static func check(_ make: () throws -> Camera, frames count: Int = 30,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let camera = try make()
        defer { camera.close() }
        // The state machine is enforced.
        #expect(camera.state == .closed, sourceLocation: sourceLocation)
        #expect(throws: CameraError.self, "nextFrame before open", sourceLocation: sourceLocation) {
            _ = try camera.nextFrame(timeout: .milliseconds(10))
        }
        try camera.open()
        #expect(camera.state == .open, sourceLocation: sourceLocation)
        #expect(throws: CameraError.self, "streaming before configure", sourceLocation: sourceLocation) {
            try camera.startStreaming()
        }
        let modes = try camera.modes()
        try #require(!modes.isEmpty, "the camera offers modes", sourceLocation: sourceLocation)
        #expect(modes.allSatisfy { $0.width > 0 && $0.height > 0 }, sourceLocation: sourceLocation)
        // A size the camera does not offer is refused with the list of what it offers.
        var impossible = modes[0]
        impossible.width = 333
        impossible.height = 111
        do {
            _ = try camera.configure(mode: impossible, fps: 30)
            Issue.record("configuring 333x111 should fail", sourceLocation: sourceLocation)
        } catch {
            guard case let .unsupportedMode(_, supported) = error else {
                Issue.record("expected unsupportedMode, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(!supported.isEmpty, sourceLocation: sourceLocation)
        }
        // The smallest mode, read back exactly.
        let mode = modes.min { $0.width * $0.height < $1.width * $1.height }!
        let fps = mode.frameRates.filter { $0 <= 30 }.max() ?? mode.frameRates.min() ?? 30
        let format = try camera.configure(mode: mode, fps: fps)
        #expect(format.width == mode.width && format.height == mode.height, sourceLocation: sourceLocation)
        #expect(format.pixelFormat == mode.pixelFormat, sourceLocation: sourceLocation)
        #expect(format.fps > 0, sourceLocation: sourceLocation)
        #expect(camera.state == .configured, sourceLocation: sourceLocation)
        try camera.startStreaming()
        #expect(camera.state == .streaming, sourceLocation: sourceLocation)
        #expect(throws: CameraError.self, "starting twice", sourceLocation: sourceLocation) { try camera.startStreaming() }
        // Frames: the configured size; timestamps only ever increase, sequence numbers never go
        // back (a driver may repeat one: vivid does when filling a buffer outlasts the time
        // left to the next frame, on a loaded machine).
        var last: (sequence: UInt32, timestamp: Int64)?
        var received = 0
        let deadline = Date().addingTimeInterval(Double(count) / max(format.fps, 1) * 4 + 10)
        while received < count, Date() < deadline {
            guard let frame = try camera.nextFrame(timeout: .seconds(2)) else { continue }
            #expect(frame.width == format.width && frame.height == format.height, sourceLocation: sourceLocation)
            #expect(frame.pixelFormat == format.pixelFormat, sourceLocation: sourceLocation)
            #expect(frame.bytes.count > 0, sourceLocation: sourceLocation)
            if let last {
                #expect(frame.sequence >= last.sequence, "sequence \(frame.sequence) after \(last.sequence)", sourceLocation: sourceLocation)
                #expect(frame.timestampNanoseconds > last.timestamp, sourceLocation: sourceLocation)
            }
            last = (frame.sequence, frame.timestampNanoseconds)
            received += 1
        }
        #expect(received == count, "received \(received) of \(count) frames", sourceLocation: sourceLocation)
        camera.stopStreaming()
        #expect(camera.state == .configured, sourceLocation: sourceLocation)
        #expect(throws: CameraError.self, "nextFrame after stop", sourceLocation: sourceLocation) {
            _ = try camera.nextFrame(timeout: .milliseconds(10))
        }
        camera.close()
        #expect(camera.state == .closed, sourceLocation: sourceLocation)
    }
}
