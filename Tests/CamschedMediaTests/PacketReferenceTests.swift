import CamschedCore
import CFFmpegShim
@testable import CamschedMedia
import Foundation
import Testing

/// A network camera's compressed frame is its demuxed packet (``PacketReference``): the frame's
/// bytes are the packet's buffer, a stream copy hands that buffer to the muxer without copying,
/// and the buffer is freed exactly once, after the last frame and the last shared packet.
@Suite struct PacketReferenceTests {
    /// Counts how often a buffer's free callback ran.
    final class FreeCount: @unchecked Sendable {
        var count = 0
    }

    /// A packet over a reference-counted buffer of `bytes` (padded as libav's are) whose free
    /// callback counts into `freed`, as a demuxer's packet.
    static func demuxedPacket(_ bytes: [UInt8], freed: FreeCount) throws -> OwnedAVPacket {
        try FFmpegLibraries.load()
        let padded = bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: padded, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: padded)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let opaque = Unmanaged.passUnretained(freed).toOpaque()
        let created = av_buffer_create(storage.assumingMemoryBound(to: UInt8.self), padded, { opaque, data in
            Unmanaged<FreeCount>.fromOpaque(opaque!).takeUnretainedValue().count += 1
            UnsafeMutableRawPointer(data!).deallocate()
        }, opaque, 0)
        let buffer = try #require(created)
        let packet = try OwnedAVPacket()
        packet.pointer.pointee.buf = buffer
        packet.pointer.pointee.data = buffer.pointee.data
        packet.pointer.pointee.size = Int32(bytes.count)
        return packet
    }

    /// A JPEG-looking frame (SOI ... EOI) of `count` bytes.
    static func jpegBytes(_ count: Int) -> [UInt8] {
        [0xFF, 0xD8] + (0..<count - 4).map { UInt8(truncatingIfNeeded: $0 &* 31) } + [0xFF, 0xD9]
    }

    static func frame(_ memory: FrameMemory, sequence: UInt32) -> VideoFrame {
        VideoFrame(width: 64, height: 48, pixelFormat: .mjpg, bytesPerLine: 0, memory: memory, sequence: sequence,
                   timestampNanoseconds: Int64(sequence) * 33_333_333, wallClock: Date())
    }

    /// A frame's memory over a demuxed packet, the packet itself gone (as the network back-end's).
    static func packetMemory(_ bytes: [UInt8], freed: FreeCount) throws -> FrameMemory {
        let packet = LiveStreamReader.Packet(packet: try demuxedPacket(bytes, freed: freed), arrivedNanoseconds: 0, capturedNanoseconds: 0)
        return try packet.frameMemory()
    }

    @Test func aCopiedFrameSharesThePacketsBufferAndFreesItOnceAfterTheLastHolder() throws {
        let freed = FreeCount()
        let bytes = Self.jpegBytes(5000)
        var frame: VideoFrame? = Self.frame(try Self.packetMemory(bytes, freed: freed), sequence: 0)
        let base = frame?.bytes.baseAddress
        // The frame's metadata copy shares the memory, as the capture session's stamped frame does.
        var stamped: VideoFrame? = frame?.with(metadata: FrameMetadata())
        let copier = try StreamCopier(inputFormat: .mjpg, width: 64, height: 48, fps: 30)
        var packets: [EncodedPacket]? = try copier.packets(for: try #require(stamped))
        do {
            let written = try #require(packets?.first)
            #expect(written.packet.bytes.baseAddress == base, "the muxer's packet is the demuxed buffer, not a copy")
            #expect(Array(written.packet.bytes) == bytes)
            #expect(written.packet.isKeyframe)
        }
        frame = nil
        stamped = nil
        #expect(freed.count == 0, "the muxer's packet still holds the buffer")
        #expect(Array(try #require(packets?.first).packet.bytes) == bytes, "readable after the frames went")
        packets = nil
        #expect(freed.count == 1, "freed when the last holder went, and only once")
        _ = (frame, stamped, packets)
    }

    @Test func aFrameWithoutCopiesFreesThePacketWithTheFrame() throws {
        let freed = FreeCount()
        for sequence in 0..<3 {
            var frame: VideoFrame? = Self.frame(try Self.packetMemory(Self.jpegBytes(100), freed: freed), sequence: UInt32(sequence))
            #expect(frame?.bytes.count == 100)
            #expect(freed.count == sequence, "frame \(sequence): held while the frame lives")
            frame = nil
            _ = frame
        }
        #expect(freed.count == 3, "each packet freed once")
    }

    @Test func aPacketWithoutACountedBufferIsCopiedOnce() throws {
        try FFmpegLibraries.load()
        let bytes = Self.jpegBytes(300)
        let plain = try OwnedAVPacket()
        let reference = try bytes.withUnsafeBytes { raw -> PacketReference in
            plain.pointer.pointee.data = UnsafeMutablePointer(mutating: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            plain.pointer.pointee.size = Int32(raw.count)
            defer { plain.pointer.pointee.data = nil; plain.pointer.pointee.size = 0 }
            return try PacketReference(taking: plain)
        }
        #expect(Array(reference.bytes) == bytes, "the bytes survive the storage they came from")
        let shared = try reference.sharedPacket()
        #expect(shared.bytes.baseAddress == reference.bytes.baseAddress)
    }
}
