import CamschedCore

/// A small grey picture of a frame — its luma, box-averaged down to about `targetWidth` pixels
/// wide — for analysis that needs no detail (motion detection). Taken from the frame the
/// stream already has: no second stream, no colour conversion.
package struct LumaThumbnail: Sendable, Equatable {
    package private(set) var width: Int
    package private(set) var height: Int
    /// Luma 0…255 per pixel, row by row.
    package var pixels: [Float]

    package init(width: Int, height: Int, pixels: [Float]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The thumbnail of a YUYV, NV12 or YU12 frame; nil for compressed frames (MJPG).
    package init?(frame: VideoFrame, targetWidth: Int = 160) {
        self.init(width: 0, height: 0, pixels: [])
        guard update(from: frame, targetWidth: targetWidth) else { return nil }
    }

    /// Makes this the thumbnail of `frame`, reusing the pixel storage when the size stays (no
    /// allocation per frame). False for compressed frames (MJPG) and frames too small.
    package mutating func update(from frame: VideoFrame, targetWidth: Int = 160) -> Bool {
        let packed = frame.pixelFormat == .yuyv
        guard packed || frame.pixelFormat == .nv12 || frame.pixelFormat == .yu12,
              frame.width >= 2, frame.height >= 2 else { return false }
        let step = max(1, frame.width / max(targetWidth, 1))
        let stride = frame.bytesPerLine
        guard frame.bytes.count >= stride * frame.height, let base = frame.bytes.baseAddress else { return false }
        let (w, h) = (frame.width / step, frame.height / step)
        if w != width || h != height || pixels.count != w * h {
            (width, height) = (w, h)
            pixels = [Float](repeating: 0, count: w * h)
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let pixelStep = packed ? 2 : 1
        let scale = 1 / Float(step * step)
        pixels.withUnsafeMutableBufferPointer { out in
            for ty in 0..<h {
                for tx in 0..<w {
                    var sum = 0
                    for y in (ty * step)..<(ty * step + step) {
                        let row = bytes + y * stride + tx * step * pixelStep
                        for x in 0..<step { sum &+= Int(row[x * pixelStep]) }
                    }
                    out[ty * w + tx] = Float(sum) * scale
                }
            }
        }
        return true
    }
}
