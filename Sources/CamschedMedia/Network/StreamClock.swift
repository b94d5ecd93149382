/// Capture times for a live stream's packets from the stream's own timestamps (RTP's, for
/// RTSP), put on the monotonic clock — instead of when each packet happened to arrive, which
/// network jitter scatters (a frame late by more than half an interval would read as a lost
/// frame, and the files' timing would wobble).
///
/// A packet's capture time is its stream time plus an offset: the smallest delay seen
/// (arrival − stream time), so a capture time is never after its arrival. (The first packets
/// of a connection come out in a burst, held while libavformat probed the stream: the reader
/// sets the clock with the first packet it had to wait for before it stamps them.) The offset may grow
/// by at most ``slew`` (a server clock slower than ours is followed without a jump); a packet
/// whose delay differs from it by more than ``jump`` (a server that restarted, a clock that
/// stepped) starts over from its arrival. A stream without timestamps keeps arrival times.
struct StreamClock {
    /// How fast the offset may grow: 0.2 ms a second (two clocks rarely differ by half that).
    static let slew = 0.0002
    /// A delay this far from the offset is a new timeline.
    static let jump: Int64 = 2_000_000_000
    private var offset: Int64?
    private var lastArrival: Int64 = 0

    /// The capture time of a packet that arrived at `arrived` (monotonic ns) stamped
    /// `stream` ns by the stream (nil: not stamped).
    mutating func captured(stream: Int64?, arrived: Int64) -> Int64 {
        guard let stream else { return arrived }
        let delay = arrived - stream
        defer { lastArrival = arrived }
        guard let current = offset, abs(delay - current) <= Self.jump else {
            offset = delay
            return arrived
        }
        let allowed = current + Int64(Double(max(0, arrived - lastArrival)) * Self.slew)
        let next = min(delay, allowed)
        offset = next
        return stream + next
    }
}
