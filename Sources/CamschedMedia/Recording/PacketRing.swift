/// The pre-roll: the last encoded packets of a stream, always starting at a keyframe and
/// covering at least `preRoll` before the newest packet when the stream is that long.
///
/// After each packet the ring drops everything before the newest keyframe that is at or before
/// `newest − preRoll`, so it holds at most `preRoll` plus one keyframe interval: its memory is
/// bounded by bit rate × (preRoll + 1 GOP). Should keyframes stop coming, it never holds more
/// than `preRoll + limitSlack` (it then drops to the next keyframe, or everything).
package struct PacketRing {
    /// How much time before the newest packet the ring keeps.
    package let preRollNanoseconds: Int64
    /// Longest the ring may span beyond `preRoll` before it drops packets regardless (2 GOPs
    /// of the longest keyframe interval camsched uses).
    package let limitSlackNanoseconds: Int64
    private var packets: [EncodedPacket] = []
    /// Encoded bytes held.
    package private(set) var bytes = 0

    /// Creates an empty ring.
    package init(preRollNanoseconds: Int64, limitSlackNanoseconds: Int64 = 4_000_000_000) {
        self.preRollNanoseconds = max(0, preRollNanoseconds)
        self.limitSlackNanoseconds = max(0, limitSlackNanoseconds)
    }

    /// Packets held.
    package var count: Int { packets.count }
    /// The time from the oldest packet to the newest.
    package var spanNanoseconds: Int64 {
        guard let first = packets.first, let last = packets.last else { return 0 }
        return last.timestampNanoseconds - first.timestampNanoseconds
    }
    /// The oldest packet (a keyframe unless the stream has none).
    package var first: EncodedPacket? { packets.first }

    /// Adds the newest packet and drops what the pre-roll no longer needs. A stream that
    /// starts without a keyframe is not kept until its first keyframe.
    package mutating func append(_ packet: EncodedPacket) {
        if packets.isEmpty && !packet.isKeyframe { return }
        packets.append(packet)
        bytes += packet.size
        trim(newest: packet.timestampNanoseconds)
    }

    /// Drops everything (the camera went away: what follows is not continuous with it).
    package mutating func removeAll() {
        packets.removeAll(keepingCapacity: true)
        bytes = 0
    }

    /// The packets from the keyframe at or before `timestamp` (or the oldest packet, when the
    /// ring starts later) to the newest.
    package func packets(from timestamp: Int64) -> ArraySlice<EncodedPacket> {
        guard let start = packets.lastIndex(where: { $0.isKeyframe && $0.timestampNanoseconds <= timestamp }) else {
            return packets[...]
        }
        return packets[start...]
    }

    private mutating func trim(newest: Int64) {
        let keepFrom = newest - preRollNanoseconds
        var drop = packets.lastIndex(where: { $0.isKeyframe && $0.timestampNanoseconds <= keepFrom }) ?? 0
        if let first = packets.first, newest - first.timestampNanoseconds > preRollNanoseconds + limitSlackNanoseconds,
           drop == 0 {
            // No keyframe for too long: start at the next keyframe, or hold nothing.
            drop = packets.indices.dropFirst().first(where: { packets[$0].isKeyframe }) ?? packets.count
        }
        guard drop > 0 else { return }
        for packet in packets[..<drop] { bytes -= packet.size }
        packets.removeFirst(drop)
    }
}
