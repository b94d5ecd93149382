import CamschedCore
import Foundation

/// A moving test picture whose pixels carry its own frame number and timestamp.
///
/// The top of the picture holds two rows of 40 big black/white blocks: 32 bits of the frame
/// number then an 8-bit CRC, and 32 bits of the timestamp in milliseconds then its CRC. Each
/// block is at least 8 pixels wide and 16 high, and readers average the inside of each block,
/// so the numbers survive H.264 at CRF 23 and JPEG at quality 75. Below them are colour bars
/// with a box that moves with the frame number. The test camera and the media tests build on it.
package enum SyntheticPattern {
    /// Blocks in each code row: 32 data bits and 8 CRC bits.
    static let blocksPerRow = 40
    /// Luma of a 0 bit and of a 1 bit (video range black and white).
    static let black: UInt8 = 16
    static let white: UInt8 = 235

    /// The pixel formats ``makeFrame(width:height:pixelFormat:frameNumber:timestampNanoseconds:sequence:wallClock:metadata:jpegQuality:)`` produces.
    package static let supportedFormats: [FourCC] = [.yuyv, .nv12, .yu12, .mjpg]

    /// Block width and height for a picture size, or nil when it is too small (under 320×64).
    package static func blockSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        let blockWidth = (width / blocksPerRow) & ~1
        guard blockWidth >= 8, height >= 64 else { return nil }
        let blockHeight = max(16, min(blockWidth, height / 8)) & ~1
        return (blockWidth, blockHeight)
    }

    /// Bytes of a raw frame in `pixelFormat` with `bytesPerLine` for the first plane.
    package static func byteCount(width: Int, height: Int, pixelFormat: FourCC, bytesPerLine: Int) -> Int {
        switch pixelFormat {
        case .nv12: bytesPerLine * height + bytesPerLine * ((height + 1) / 2)
        case .yu12: bytesPerLine * height + 2 * (bytesPerLine / 2) * ((height + 1) / 2)
        default: bytesPerLine * height
        }
    }

    /// A new frame showing the pattern for `frameNumber`.
    /// - Parameters:
    ///   - pixelFormat: `YUYV`, `NV12`, `YU12` or `MJPG` (a JPEG at `jpegQuality`).
    ///   - timestampNanoseconds: the capture time to carry (and to encode in the pixels, in ms).
    /// - Throws: `MediaError.invalidSetting` for odd or too small sizes and other formats.
    package static func makeFrame(width: Int, height: Int, pixelFormat: FourCC, frameNumber: UInt32,
                                 timestampNanoseconds: Int64, sequence: UInt32? = nil, wallClock: Date = Date(),
                                 metadata: FrameMetadata = FrameMetadata(), jpegQuality: Int = 75) throws -> VideoFrame {
        let rawFormat = pixelFormat == .mjpg || pixelFormat == .jpeg ? FourCC.yu12 : pixelFormat
        let bytesPerLine = rawFormat == .yuyv ? width * 2 : width
        let count = byteCount(width: width, height: height, pixelFormat: rawFormat, bytesPerLine: bytesPerLine)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64)
        do {
            try fill(storage, width: width, height: height, bytesPerLine: bytesPerLine, pixelFormat: rawFormat,
                     frameNumber: frameNumber, timestampNanoseconds: timestampNanoseconds)
        } catch {
            storage.deallocate()
            throw error
        }
        // The frame owns the memory drawn into: no second buffer and copy (each a fresh mapping
        // of a frame's size, page-faulted in again, for every frame of the test camera).
        let raw = VideoFrame(width: width, height: height, pixelFormat: rawFormat, bytesPerLine: bytesPerLine,
                             memory: FrameMemory(owning: storage, count: count), sequence: sequence ?? frameNumber,
                             timestampNanoseconds: timestampNanoseconds, wallClock: wallClock, metadata: metadata)
        guard rawFormat != pixelFormat else { return raw }
        let jpeg = try StillEncoder().encode(raw, format: .jpeg, quality: jpegQuality)
        return jpeg.withUnsafeBytes { bytes in
            VideoFrame(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: 0, copying: bytes,
                       sequence: sequence ?? frameNumber, timestampNanoseconds: timestampNanoseconds,
                       wallClock: wallClock, metadata: metadata)
        }
    }

    /// Draws the pattern into caller-owned memory (a driver-like buffer of a raw format).
    /// - Throws: `MediaError.invalidSetting` for unsupported formats or sizes,
    ///   `MediaError.frameTooSmall` when `buffer` is too short.
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerLine: Int,
                            pixelFormat: FourCC, frameNumber: UInt32, timestampNanoseconds: Int64) throws {
        guard let block = blockSize(width: width, height: height), width % 2 == 0, height % 2 == 0 else {
            throw MediaError.invalidSetting("the test pattern needs an even size of at least 320×64, not \(width)×\(height)")
        }
        guard [FourCC.yuyv, .nv12, .yu12].contains(pixelFormat) else {
            throw MediaError.invalidSetting("the test pattern cannot draw \(pixelFormat)")
        }
        let minimumLine = pixelFormat == .yuyv ? width * 2 : width
        let needed = byteCount(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine)
        guard bytesPerLine >= minimumLine, buffer.count >= needed, let base = buffer.baseAddress else {
            throw MediaError.frameTooSmall(needed: needed, available: buffer.count)
        }
        let milliseconds = UInt32(truncatingIfNeeded: timestampNanoseconds / 1_000_000)
        let rows = PatternRows(width: width, height: height, block: block, frameNumber: frameNumber,
                               milliseconds: milliseconds)
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        switch pixelFormat {
        case .yuyv: rows.drawYUYV(into: bytes, width: width, height: height, bytesPerLine: bytesPerLine)
        case .nv12: rows.drawNV12(into: bytes, width: width, height: height, bytesPerLine: bytesPerLine)
        default: rows.drawYU12(into: bytes, width: width, height: height, bytesPerLine: bytesPerLine)
        }
    }

    /// Reads the frame number back from a luma plane (8 bits per pixel, `stride` bytes per line).
    /// - Returns: the number, or nil when the blocks are unreadable (the CRC does not match).
    package static func readFrameNumber(fromLuma luma: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) -> UInt32? {
        readCodeRow(0, luma: luma, width: width, height: height, stride: stride)
    }

    /// Reads the timestamp (milliseconds, modulo 2³²) back from a luma plane.
    package static func readTimestampMilliseconds(fromLuma luma: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) -> UInt32? {
        readCodeRow(1, luma: luma, width: width, height: height, stride: stride)
    }

    /// Reads the frame number from a decoded YUV picture (its first plane is luma).
    package static func readFrameNumber(from picture: OwnedAVFrame) -> UInt32? {
        guard let plane = picture.plane(0) else { return nil }
        let stride = picture.lineSize(0)
        return readFrameNumber(fromLuma: UnsafeRawBufferPointer(start: plane, count: stride * picture.height),
                               width: picture.width, height: picture.height, stride: stride)
    }

    static func readCodeRow(_ index: Int, luma: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) -> UInt32? {
        guard let block = blockSize(width: width, height: height), stride >= width,
              luma.count >= stride * (height - 1) + width else { return nil }
        let top = index * block.height + block.height / 4
        let bottom = index * block.height + block.height * 3 / 4
        var bits: UInt64 = 0
        for bit in 0..<blocksPerRow {
            let left = bit * block.width + block.width / 4
            let right = bit * block.width + block.width * 3 / 4
            var sum = 0
            for y in top..<bottom {
                for x in left..<right { sum += Int(luma[y * stride + x]) }
            }
            let mean = sum / max(1, (bottom - top) * (right - left))
            bits = bits << 1 | (mean > (Int(black) + Int(white)) / 2 ? 1 : 0)
        }
        let value = UInt32(truncatingIfNeeded: bits >> 8)
        return UInt8(truncatingIfNeeded: bits) == crc8(value) ? value : nil
    }

    /// CRC-8 (polynomial 0x07) of a 32-bit value, big-endian bytes.
    static func crc8(_ value: UInt32) -> UInt8 {
        var crc: UInt8 = 0
        for shift in stride(from: 24, through: 0, by: -8) {
            crc ^= UInt8(truncatingIfNeeded: value >> UInt32(shift))
            for _ in 0..<8 { crc = crc & 0x80 != 0 ? (crc << 1) ^ 0x07 : crc << 1 }
        }
        return crc
    }
}
