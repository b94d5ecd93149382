import CamschedCore
import CFFmpegShim
@testable import CamschedMedia
import Foundation
import Glibc
import Testing

/// A packed-RGB picture that ends exactly where its memory does — a libcamera buffer of
/// 768x480 RGB24 is 270 pages, followed by nothing readable — converts without reading past
/// it (libswscale's RGB readers load up to 16 bytes beyond the last row).
@Suite struct FrameConverterEdgeTests {
    @Test(arguments: [FourCC.rgb24, FourCC.bgr24])
    func aPictureEndingAtAnUnreadablePageConverts(format: FourCC) throws {
        let (width, height) = (768, 480)
        let size = width * 3 * height
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        #expect(size % page == 0, "the picture fills whole pages")
        // The picture, then one page that faults when read.
        guard let mapping = mmap(nil, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapping != MAP_FAILED else { throw POSIXError(.ENOMEM) }
        defer { munmap(mapping, size + page) }
        #expect(mprotect(mapping + size, page, PROT_NONE) == 0)
        let bytes = UnsafeMutableRawBufferPointer(start: mapping, count: size)
        for row in 0..<height { for column in 0..<width * 3 { bytes[row * width * 3 + column] = UInt8(truncatingIfNeeded: row) } }
        let frame = VideoFrame(width: width, height: height, pixelFormat: format, bytesPerLine: width * 3,
                               memory: FrameMemory(bytes: UnsafeRawBufferPointer(bytes), giveBack: {}),
                               sequence: 1, timestampNanoseconds: 0, wallClock: Date())
        let converted = try FrameConverter(targetFormat: AV_PIX_FMT_YUV420P).convert(frame)
        #expect(converted.pointer.pointee.width == Int32(width) && converted.pointer.pointee.height == Int32(height))
        // Grey rows: the last row's luma is that of 479 & 255 = 223 (limited range: 16 + 223 × 219/255 ≈ 207).
        let luma = try #require(converted.plane(0))
        let stride = Int(converted.pointer.pointee.linesize.0)
        #expect(abs(Int(luma[(height - 1) * stride + 10]) - 207) <= 2, "last row luma \(luma[(height - 1) * stride + 10])")
    }
}
