@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

/// The pre-roll ring: starts at a keyframe, holds at least the pre-roll, at most one keyframe
/// interval more, and forgets everything when keyframes stop for too long.
@Suite struct PacketRingTests {
    /// A packet at `seconds` of `size` bytes.
    static func packet(_ seconds: Double, keyframe: Bool, size: Int = 1000) throws -> EncodedPacket {
        try FFmpegLibraries.load()
        let owned = try [UInt8](repeating: 7, count: size).withUnsafeBytes { try OwnedAVPacket(copying: $0) }
        if keyframe { owned.markKeyframe() }
        return EncodedPacket(packet: owned, timestampNanoseconds: Int64(seconds * 1e9), sequence: nil)
    }

    @Test func theRingStartsAtAKeyframeAndHoldsPreRollPlusAtMostOneInterval() throws {
        // 10 fps, a keyframe every 10 frames, pre-roll 3 s.
        var ring = PacketRing(preRollNanoseconds: 3_000_000_000)
        var longest: Int64 = 0
        for n in 0..<200 {
            ring.append(try Self.packet(Double(n) / 10, keyframe: n % 10 == 0))
            longest = max(longest, ring.spanNanoseconds)
            let first = try #require(ring.first)
            #expect(first.isKeyframe, "packet \(n): the ring starts at a keyframe")
            if n >= 30 { #expect(ring.spanNanoseconds >= 3_000_000_000, "packet \(n): at least the pre-roll") }
        }
        #expect(longest == 3_900_000_000, "pre-roll + one keyframe interval − one frame at most")
        #expect(ring.count == 40, "after frame 199 (19.9 s) the ring starts at the keyframe of 16.0 s: 40 packets")
        #expect(ring.bytes == 40 * 1000)
    }

    @Test func packetsFromATimeStartAtTheKeyframeAtOrBeforeIt() throws {
        var ring = PacketRing(preRollNanoseconds: 5_000_000_000)
        for n in 0..<50 { ring.append(try Self.packet(Double(n) / 10, keyframe: n % 10 == 0)) }
        #expect(ring.packets(from: 2_500_000_000).first?.timestampNanoseconds == 2_000_000_000)
        #expect(ring.packets(from: 2_500_000_000).count == 30)
        #expect(ring.packets(from: 3_000_000_000).first?.timestampNanoseconds == 3_000_000_000)
        #expect(ring.packets(from: -1).first?.timestampNanoseconds == 0, "before the ring: its oldest packet")
    }

    @Test func aStreamThatStartsWithoutAKeyframeIsNotKeptAndOneThatStopsHavingThemIsDropped() throws {
        var ring = PacketRing(preRollNanoseconds: 1_000_000_000, limitSlackNanoseconds: 2_000_000_000)
        ring.append(try Self.packet(0, keyframe: false))
        #expect(ring.count == 0)
        ring.append(try Self.packet(0.1, keyframe: true))
        for n in 2..<40 { ring.append(try Self.packet(Double(n) / 10, keyframe: false)) }
        // No keyframe after 0.1 s: once the ring spans more than 1 s + 2 s it holds nothing.
        #expect(ring.count == 0 && ring.bytes == 0)
    }
}
