import CamschedCapture
import CamschedCore
import Foundation

/// The rate a camera really delivers to an interval mode, which a camera exposing longer in low
/// light lowers below the rate it was asked for: from the frames the mode sees, by their
/// sequence numbers and timestamps (frames the mode leaves between shots still count in the
/// sequence). Measuring starts afresh whenever the rate was changed on purpose or the stream
/// started again (``restart()``), so a camera slowed down between shots is not taken for a slow one.
struct DeliveredFrameRate {
    /// The last ``window`` pairs of frames seen: frames apart and nanoseconds apart.
    private var samples: [(frames: Int64, nanoseconds: Int64)] = []
    private var previous: (sequence: UInt32, timestamp: Int64)?
    /// When the newest frame seen was captured (monotonic ns).
    private(set) var lastFrame: Int64?
    static let window = 16

    /// The camera's rate was changed, or its stream started again: the next frame follows no
    /// frame seen at the same rate.
    mutating func restart() { previous = nil }

    mutating func saw(_ frame: VideoFrame) {
        let (sequence, timestamp) = (frame.sequence, frame.timestampNanoseconds)
        if let previous, sequence > previous.sequence, timestamp > previous.timestamp {
            samples.append((Int64(sequence - previous.sequence), timestamp - previous.timestamp))
            if samples.count > Self.window { samples.removeFirst() }
        }
        previous = (sequence, timestamp)
        lastFrame = timestamp
    }

    /// Frames a second over the pairs measured; nil before two.
    var fps: Double? {
        guard samples.count >= 2 else { return nil }
        let nanoseconds = samples.reduce(0) { $0 + $1.nanoseconds }
        return Double(samples.reduce(0) { $0 + $1.frames }) * 1e9 / Double(max(nanoseconds, 1))
    }

    /// What was measured of why shots are late at `now` (monotonic ns), for shots that need
    /// `framesPerShot` frames every `every` ns of `stream`.
    func cause(stream: any FrameStream, framesPerShot: Int, every: Int64, now: Int64) -> LatenessCause {
        LatenessCause(askedFPS: stream.info?.format.fps, deliveredFPS: fps, framesPerShot: framesPerShot,
                      every: Double(every) / 1e9, silentSeconds: lastFrame.map { Double(now - $0) / 1e9 })
    }
}
