import CamschedCore
import CamschedMedia
import Foundation

/// The decoding half of a `file:` camera: the file's frames in order as packed YU12, each with
/// its time since the file's first frame. Decoding and conversion are the media layer's
/// (``Y4MReader`` for 4:2:0 Y4M files, read into reused buffers; ``MovieReader`` and
/// ``YU12FramePacker`` for anything else); this type only turns their errors into camera errors.
final class FilePlayback {
    let path: String
    /// The frame size (even) and the file's frame rate.
    let width: Int
    let height: Int
    let frameRate: Double
    private let source: Source
    private var firstPresentation: Int64?

    private enum Source {
        case y4m(Y4MReader)
        case movie(MovieReader, YU12FramePacker)
    }

    /// A frame's pixels before they become a ``VideoFrame``.
    enum Picture {
        case y4m(Y4MReader.Frame)
        case decoded(OwnedAVFrame)
    }

    /// One frame's nominal duration, the gap a loop leaves between the last frame and the first.
    var frameDurationNanoseconds: Int64 { Int64(1e9 / max(frameRate, 1)) }

    /// Opens `path` for decoding.
    /// - Throws: `CameraError.fileUnreadable` (also when FFmpeg's libraries are missing).
    init(path: String) throws(CameraError) {
        self.path = path
        do {
            if let y4m = try Y4MReader.open(path: path) {
                source = .y4m(y4m)
                (width, height, frameRate) = (y4m.width, y4m.height, y4m.frameRate)
                return
            }
            let reader = try MovieReader(url: URL(fileURLWithPath: path))
            let packer = YU12FramePacker(width: reader.width, height: reader.height)
            source = .movie(reader, packer)
            (width, height, frameRate) = (packer.width, packer.height, reader.frameRate)
        } catch {
            throw .fileUnreadable(path: path, reason: "\(error)")
        }
    }

    /// The next frame's picture and its time since the first frame in nanoseconds; nil at the
    /// end of the file.
    func next() throws(CameraError) -> (picture: Picture, relativeNanoseconds: Int64)? {
        do {
            switch source {
            case let .y4m(reader):
                return try reader.next().map { (.y4m($0), $0.relativeNanoseconds) }
            case let .movie(reader, _):
                guard let decoded = try reader.nextFrame() else { return nil }
                let first = firstPresentation ?? decoded.presentationNanoseconds
                firstPresentation = first
                return (.decoded(decoded.picture), decoded.presentationNanoseconds - first)
            }
        } catch {
            throw .fileUnreadable(path: path, reason: "\(error)")
        }
    }

    /// Seeks back to the first frame, for looping.
    func rewind() throws(CameraError) {
        switch source {
        case let .y4m(reader): reader.rewind()
        case let .movie(reader, _):
            do { try reader.rewind() } catch { throw .fileUnreadable(path: path, reason: "\(error)") }
        }
        firstPresentation = nil
    }

    /// `picture` as a camera frame; a Y4M frame's buffer goes back to its pool when the last frame holding it is released.
    func frame(from picture: Picture, sequence: UInt32, timestampNanoseconds: Int64) throws(CameraError) -> VideoFrame {
        switch (picture, source) {
        case let (.y4m(read), _):
            return VideoFrame(width: width, height: height, pixelFormat: .yu12, bytesPerLine: width, memory: read.memory,
                              sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: Date())
        case let (.decoded(decoded), .movie(_, packer)):
            do {
                return try packer.frame(from: decoded, sequence: sequence, timestampNanoseconds: timestampNanoseconds,
                                        wallClock: Date())
            } catch {
                throw .fileUnreadable(path: path, reason: "\(error)")
            }
        case (.decoded, .y4m):
            throw .invalidState("a decoded picture from a Y4M playback")
        }
    }
}
