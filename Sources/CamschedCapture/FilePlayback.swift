import CamschedMedia
import Foundation

/// The decoding half of a `file:` camera: the file's frames in order as packed YU12, each with
/// its time since the file's first frame. Decoding and conversion are the media layer's
/// (``MovieReader``, ``YU12FramePacker``); this type only turns their errors into camera errors.
final class FilePlayback {
    let path: String
    /// The frame size (even) and the file's frame rate.
    let width: Int
    let height: Int
    let frameRate: Double
    private let reader: MovieReader
    private let packer: YU12FramePacker
    private var firstPresentation: Int64?

    /// One frame's nominal duration, the gap a loop leaves between the last frame and the first.
    var frameDurationNanoseconds: Int64 { Int64(1e9 / max(frameRate, 1)) }

    /// Opens `path` for decoding.
    /// - Throws: `CameraError.fileUnreadable` (also when FFmpeg's libraries are missing).
    init(path: String) throws(CameraError) {
        self.path = path
        do {
            reader = try MovieReader(url: URL(fileURLWithPath: path))
        } catch {
            throw .fileUnreadable(path: path, reason: "\(error)")
        }
        packer = YU12FramePacker(width: reader.width, height: reader.height)
        width = packer.width
        height = packer.height
        frameRate = reader.frameRate
    }

    /// The next frame's picture and its time since the first frame in nanoseconds; nil at the
    /// end of the file.
    func next() throws(CameraError) -> (picture: OwnedAVFrame, relativeNanoseconds: Int64)? {
        let decoded: DecodedMovieFrame?
        do { decoded = try reader.nextFrame() } catch { throw .fileUnreadable(path: path, reason: "\(error)") }
        guard let decoded else { return nil }
        let first = firstPresentation ?? decoded.presentationNanoseconds
        firstPresentation = first
        return (decoded.picture, decoded.presentationNanoseconds - first)
    }

    /// Seeks back to the first frame, for looping.
    func rewind() throws(CameraError) {
        do { try reader.rewind() } catch { throw .fileUnreadable(path: path, reason: "\(error)") }
        firstPresentation = nil
    }

    /// `picture` as a camera frame.
    func frame(from picture: OwnedAVFrame, sequence: UInt32, timestampNanoseconds: Int64) throws(CameraError) -> VideoFrame {
        do {
            return try packer.frame(from: picture, sequence: sequence, timestampNanoseconds: timestampNanoseconds,
                                    wallClock: Date())
        } catch {
            throw .fileUnreadable(path: path, reason: "\(error)")
        }
    }
}
