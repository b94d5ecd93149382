import CamschedCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the frames of a YUV4MPEG2 (`.y4m`) file of 8-bit 4:2:0 pictures straight into pooled
/// buffers: one `read` per frame into memory that is reused, no demuxer packet and no decoder.
///
/// FFmpeg's Y4M demuxer allocates a new packet for every frame (345 KB at 640x360), which with
/// camsched's fixed mmap threshold is a new mapping and a page fault per 4 KiB each time; the
/// `file:` camera's CPU went there instead of into the encoder (issue 15). A file this reader
/// does not take — another chroma layout, a bit depth above 8, odd sizes, no frame rate — is
/// left to ``MovieReader`` (``open(path:)`` returns nil).
package final class Y4MReader {
    /// The frame size (both even) and the stated frame rate.
    package let width: Int
    package let height: Int
    package let frameRate: Double
    /// The bytes of one frame's pixels: the luma plane, then Cb and Cr at a quarter each.
    package let frameBytes: Int
    private let rate: (num: Int64, den: Int64)
    private let descriptor: Int32
    private let dataStart: off_t
    private let pool: FrameBufferPool
    private var index: Int64 = 0

    /// A frame read into a pooled buffer, which goes back to the reader's pool when the last
    /// holder of its `memory` (this frame, or a ``VideoFrame`` made of it) lets go.
    package struct Frame: Sendable {
        /// The pooled buffer holding the pixels.
        package let memory: FrameMemory
        /// Its time since the file's first frame: index / frame rate.
        package let relativeNanoseconds: Int64

        /// The pixels: the luma plane, then Cb and Cr.
        package var bytes: UnsafeRawBufferPointer { memory.bytes }
    }

    /// Opens `path` when it is a Y4M file of a layout this reader takes.
    /// - Returns: nil when the file is not Y4M or not 8-bit 4:2:0 with even sizes and a frame rate.
    /// - Throws: `MediaError.invalidState` when the file cannot be opened or read.
    package static func open(path: String) throws -> Y4MReader? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MediaError.invalidState("cannot open \(path): \(String(cString: strerror(errno)))") }
        var head = [UInt8](repeating: 0, count: 1024)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0, let header = Y4MHeader(Array(head.prefix(count))) else {
            Glibc.close(descriptor)
            return nil
        }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_SEQUENTIAL)
        return Y4MReader(descriptor: descriptor, header: header)
    }

    private init(descriptor: Int32, header: Y4MHeader) {
        self.descriptor = descriptor
        width = header.width
        height = header.height
        rate = header.rate
        frameRate = Double(header.rate.num) / Double(header.rate.den)
        frameBytes = header.width * header.height * 3 / 2
        dataStart = off_t(header.length)
        pool = FrameBufferPool(byteCount: frameBytes)
        _ = lseek(descriptor, dataStart, SEEK_SET)
    }

    deinit { Glibc.close(descriptor) }

    /// Buffers allocated so far: it stops growing once frames are released as fast as they are read.
    package var bufferAllocations: Int { pool.allocations }

    /// The next frame, or nil at the end of the file (a last frame cut short counts as the end).
    /// - Throws: `MediaError.invalidState` on a read error or a frame without its `FRAME` line.
    package func next() throws -> Frame? {
        guard try readFrameLine() else { return nil }
        let buffer = pool.take()
        let got = try readFully(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<frameBytes]))
        guard got == frameBytes else {
            pool.give(buffer)
            return nil
        }
        let relative = Int64((Double(index) * Double(rate.den) * 1e9 / Double(rate.num)).rounded())
        index += 1
        let memory = FrameMemory(taking: buffer, count: frameBytes) { [pool] in pool.give($0) }
        return Frame(memory: memory, relativeNanoseconds: relative)
    }

    /// Goes back to the first frame (a looping `file:` camera).
    package func rewind() {
        _ = lseek(descriptor, dataStart, SEEK_SET)
        index = 0
    }

    /// Reads the `FRAME` line (`FRAME`, optional parameters, newline); false at the end of the file.
    private func readFrameLine() throws -> Bool {
        var line = [UInt8](repeating: 0, count: 6)
        let got = try line.withUnsafeMutableBytes { try readFully(into: $0) }
        if got < 6 { return false }
        guard line.prefix(5).elementsEqual("FRAME".utf8), line[5] == 0x0A || line[5] == 0x20 else {
            throw MediaError.invalidState("not a Y4M frame at frame \(index): expected a FRAME line")
        }
        var byte: UInt8 = line[5]
        var skipped = 0
        while byte != 0x0A {  // frame parameters: skipped, as FFmpeg's demuxer does
            skipped += 1
            guard skipped < 256, try withUnsafeMutableBytes(of: &byte, { try readFully(into: $0) }) == 1 else {
                throw MediaError.invalidState("not a Y4M frame at frame \(index): FRAME line without an end")
            }
        }
        return true
    }

    /// Reads until `buffer` is full or the file ends; the bytes read.
    private func readFully(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let result = SystemCall.valueOrErrno { read(descriptor, base + done, buffer.count - done) }
            guard case let .success(count) = result else {
                throw MediaError.invalidState("reading a Y4M frame failed: \(String(cString: strerror(result.errnoCode)))")
            }
            if count == 0 { break }
            done += count
        }
        return done
    }
}
