import CamschedCore
import CamschedMedia
import CamschedV4L2

/// The `test:` camera's `pattern=`: what fills the picture below the two code rows that carry
/// the frame number and timestamp (which every pattern keeps, so tests can still read them).
///
/// - `bars`: colour bars with a moving box (``SyntheticPattern``'s own picture);
/// - `gradient`: a horizontal luma ramp from black to white;
/// - `noise`: new random pixels every frame — the worst case for an encoder, for disk-full and
///   load tests;
/// - `black`: video-range black.
enum SyntheticPatternStyle: String {
    case bars, gradient, noise, black

    /// Repaints the region below the code rows of a frame drawn by ``SyntheticPattern/fill``.
    func apply(to buffer: UnsafeMutableRawBufferPointer, format: CameraFormat, frameNumber: UInt32) {
        guard self != .bars, let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let block = SyntheticPattern.blockSize(width: format.width, height: format.height) else { return }
        let (width, height, stride) = (format.width, format.height, format.bytesPerLine)
        let top = min(height, 3 * block.height) & ~1
        var random = SplitMix64(seed: UInt64(frameNumber) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let packed = format.pixelFormat == .yuyv
        for y in top..<height {
            let line = base + y * stride
            for x in 0..<(packed ? width * 2 : width) {
                let isLuma = !packed || x % 2 == 0
                line[x] = value(isLuma: isLuma, x: packed ? x / 2 : x, width: width, random: &random)
            }
        }
        guard !packed else { return }
        // Chroma of the planar formats: neutral, or noise.
        let chromaStart = stride * height
        let chromaRows = (height + 1) / 2
        let chromaBytesPerRow = format.pixelFormat == .nv12 ? stride : stride / 2
        let planes = format.pixelFormat == .nv12 ? 1 : 2
        for plane in 0..<planes {
            let planeBase = base + chromaStart + plane * chromaBytesPerRow * chromaRows
            for row in (top / 2)..<chromaRows {
                let line = planeBase + row * chromaBytesPerRow
                for x in 0..<chromaBytesPerRow { line[x] = self == .noise ? UInt8(truncatingIfNeeded: random.next()) : 128 }
            }
        }
    }

    private func value(isLuma: Bool, x: Int, width: Int, random: inout SplitMix64) -> UInt8 {
        switch self {
        case .noise: return UInt8(truncatingIfNeeded: random.next())
        case .black: return isLuma ? 16 : 128
        case .gradient: return isLuma ? UInt8(16 + x * 219 / max(width - 1, 1)) : 128
        case .bars: return 0
        }
    }
}
