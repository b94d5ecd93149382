/// Capture times for a live stream's packets from the stream's own timestamps (RTP's, for
/// RTSP), put on the monotonic clock — instead of when each packet happened to arrive, which
/// network jitter scatters (a frame late by more than half an interval would read as a lost
/// frame, and the files' timing would wobble).
///
/// A packet's capture time is its stream time plus an offset that tracks the smallest delay
/// seen (arrival − stream time). (The first packets of a connection come out in a burst, held
/// while libavformat probed the stream: the reader sets the clock with the first packet it had
/// to wait for before it stamps them.) The offset never jumps while the timeline holds, so
/// frames keep the stream's spacing: it may grow by at most ``slew`` (a server clock slower
/// than ours is followed), and when a packet comes quicker than the offset says (the first
/// delay was a busy moment, or the offset had grown past the least delay) it shrinks to that
/// delay by at most ``catchUp`` of the stream time passed — 1 ms a frame at 10 fps, where a step
/// would have put one frame that much early. Meanwhile a capture time may be after its arrival,
/// by less than ``step``: a packet quicker than that sets the offset at once (a first packet
/// held by a stall), and one whose delay differs from it by more than ``jump`` (a server that
/// restarted, a clock that stepped) starts a new timeline from its arrival. A stream without
/// timestamps keeps arrival times.
struct StreamClock {
    /// How fast the offset may grow: 0.2 ms a second of the stream (two clocks rarely differ
    /// by half that).
    static let slew = 0.0002
    /// How fast the offset shrinks to a smaller delay: 1 % of the stream time passed, so no
    /// frame's gap to the one before is more than 1 % shorter than the stream made it.
    static let catchUp = 0.01
    /// A delay this much smaller than the offset is set at once.
    static let step: Int64 = 100_000_000
    /// A delay this far from the offset is a new timeline.
    static let jump: Int64 = 2_000_000_000
    private var offset: Int64?
    /// The latest stream time of the timeline: how much stream time passed is counted from it
    /// (held packets stamped after a later one, or B-frames, go back and count nothing).
    private var latestStream: Int64 = 0

    /// The capture time of a packet that arrived at `arrived` (monotonic ns) stamped
    /// `stream` ns by the stream (nil: not stamped).
    mutating func captured(stream: Int64?, arrived: Int64) -> Int64 {
        guard let stream else { return arrived }
        let delay = arrived - stream
        let passed = Double(max(0, stream - latestStream))
        guard let current = offset, delay - current <= Self.jump, current - delay < Self.step else {
            offset = delay
            latestStream = stream
            return arrived
        }
        latestStream = max(latestStream, stream)
        let next = delay < current ? max(delay, current - Int64(passed * Self.catchUp))
                                   : min(delay, current + Int64(passed * Self.slew))
        offset = next
        return stream + next
    }
}
