import CamschedCore
import Foundation

/// Makes raw frames into the H.264 frames a camera with its own encoder delivers (the test
/// camera's `format=H264`): libx264 with nothing held back, a keyframe every `gop` frames,
/// the SPS and PPS in front of each keyframe (Annex B, no out-of-band header), each frame
/// keeping its sequence number and capture time. Use from one thread.
package final class CameraStreamEncoder {
    private let encoder: PacketEncoder

    /// - Throws: `MediaError`, `AVError` when libx264 does not open.
    package init(width: Int, height: Int, fps: Double, gop: Int) throws {
        var settings = VideoEncoderSettings(codec: .h264, encoderName: "libx264", preset: "ultrafast", fps: fps,
                                            width: width, height: height, keyframeInterval: Double(gop) / fps)
        settings.zeroLatency = true
        encoder = try PacketEncoder(settings: settings, inputFormat: .yu12, origin: nil, globalHeader: false)
    }

    /// The H.264 frame of `frame` (nil if the encoder held it back, which zero latency avoids).
    package func encode(_ frame: VideoFrame) throws -> VideoFrame? {
        guard let packet = try encoder.encode(frame).last else { return nil }
        return VideoFrame(width: frame.width, height: frame.height, pixelFormat: .h264, bytesPerLine: 0,
                          copying: packet.packet.bytes, sequence: packet.sequence ?? frame.sequence,
                          timestampNanoseconds: packet.timestampNanoseconds, wallClock: frame.wallClock,
                          metadata: frame.metadata)
    }
}
