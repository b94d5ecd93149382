internal import CFFmpegShim
import CamschedCore
import Foundation

/// Pictures of a camera's compressed frames while the frames themselves are copied — what a
/// trigger job's motion detection and its stills need. Each MJPEG frame stands alone, so one is
/// decoded only when a picture is asked for; each H.264 frame depends on those before it, so
/// every frame is decoded as it comes (from the first keyframe on) and the latest picture is
/// kept. A picture is packed into a YU12 ``VideoFrame`` only when asked for. Frames that do not
/// decode give no picture (the next keyframe starts over). Use from one thread.
package final class CompressedFrameDecoder {
    package let format: FourCC
    private let decoder: CodecContext
    /// MJPEG: the latest frame, not decoded yet.
    private var pendingFrame: VideoFrame?
    /// The latest decoded picture and the frame it is of.
    private var latest: (picture: OwnedAVFrame, of: VideoFrame)?
    private var packed: VideoFrame?
    private var packer: YU12FramePacker?

    /// - Throws: `MediaError` for a raw format or a missing decoder.
    package init(format: FourCC) throws {
        guard format == .h264 || format == .mjpg || format == .jpeg else { throw MediaError.unsupportedPixelFormat(format) }
        try FFmpegLibraries.load()
        let name = format == .h264 ? "h264" : "mjpeg"
        guard let codec = avcodec_find_decoder_by_name(name) else {
            throw MediaError.codecUnavailable(name: name, hint: "FFmpeg was built without this decoder")
        }
        self.format = format
        decoder = try CodecContext(codec: codec)
        decoder.pointer.pointee.thread_count = 1
        // A camera's H.264 has no B-frames: each picture comes out with its own packet.
        decoder.pointer.pointee.flags |= Int32(AV_CODEC_FLAG_LOW_DELAY)
        try decoder.open()
    }

    /// Takes the next frame of the stream.
    package func feed(_ frame: VideoFrame) {
        guard format == .h264 else {
            pendingFrame = frame
            return
        }
        if let picture = decode(frame) { remember(picture, of: frame) }
    }

    /// The picture of the latest frame fed (H.264: the latest that decoded), as YU12.
    package func picture() -> VideoFrame? {
        if let frame = pendingFrame {
            pendingFrame = nil
            if let picture = decode(frame) { remember(picture, of: frame) }
        }
        if let packed { return packed }
        guard let (picture, frame) = latest else { return nil }
        if packer?.width != frame.width & ~1 || packer?.height != frame.height & ~1 {
            packer = YU12FramePacker(width: frame.width, height: frame.height)
        }
        packed = try? packer?.frame(from: picture, sequence: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds,
                                    wallClock: frame.wallClock).with(metadata: frame.metadata)
        return packed
    }

    private func remember(_ picture: OwnedAVFrame, of frame: VideoFrame) {
        latest = (picture, frame)
        packed = nil
    }

    private func decode(_ frame: VideoFrame) -> OwnedAVFrame? {
        guard let packet = try? OwnedAVPacket(copying: frame.bytes) else { return nil }
        do {
            try decoder.send(packet)
            return try decoder.receiveFrame()
        } catch {
            return nil
        }
    }
}
