import CamschedCore
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

/// The one writer of encoded packets (segments, clips, time-lapse movies): one packet behind,
/// so each duration is the gap to the next, and synced to disk at each second's keyframe.
@Suite struct MovieFileTests {
    @Test func ninetyPacketsAreThreeSecondsSyncedAtEachKeyframe() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mp4.partial")
        let encoder = try PacketEncoder(settings: MovieWriterTests.settings(), inputFormat: .yu12)
        var packets: [EncodedPacket] = []
        for number in 0..<90 { packets += try encoder.encode(try PatternSource.frame(number, at: Double(number) / 30)) }
        packets += try encoder.drain()
        #expect(packets.count == 90)
        #expect(packets.filter(\.isKeyframe).count == 3, "a keyframe every second")

        let writer = try MovieFile(path: path, container: .mp4, source: encoder, rotation: 0, mirror: false,
                                   metadata: MovieMetadata())
        for packet in packets { try writer.write(packet) }
        #expect(writer.stats.framesWritten == 89, "the last packet waits until its duration is known")
        let stats = try writer.finishWriting()
        #expect(stats.framesWritten == 90)
        #expect(writer.keyframeSyncs == 3, "synced at the keyframes of 0, 1 and 2 s (read before the muxer blanks the packet)")
        #expect(abs(stats.durationSeconds - 3) < 0.01)
        let (frames, duration) = try ExternalTool.countFrames(path)
        #expect(frames == 90)
        #expect(abs(duration - 3) < 0.05)
        #expect(try PatternSource.frameNumbers(in: path) == (0..<90).map { UInt32($0) })
    }

    @Test func aFinishedFileRefusesMorePackets() throws {
        let directory = try TemporaryDirectory()
        let encoder = try PacketEncoder(settings: MovieWriterTests.settings(), inputFormat: .yu12)
        let packets = try encoder.encode(try PatternSource.frame(0, at: 0)) + encoder.drain()
        let writer = try MovieFile(path: directory.file("one.mkv.partial"), container: .mkv, source: encoder,
                                   rotation: 0, mirror: false, metadata: MovieMetadata())
        for packet in packets { try writer.write(packet) }
        #expect(try writer.finishWriting().framesWritten == 1)
        #expect(throws: MediaError.self) { try writer.write(packets[0]) }
    }
}
