import CamschedV4L2

/// A small grey picture of a frame — its luma, box-averaged down to about `targetWidth` pixels
/// wide — for analysis that needs no detail (motion detection). Taken from the frame the
/// stream already has: no second stream, no colour conversion.
public struct LumaThumbnail: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Luma 0…255 per pixel, row by row.
    public var pixels: [Float]

    public init(width: Int, height: Int, pixels: [Float]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The thumbnail of a YUYV, NV12 or YU12 frame; nil for compressed frames (MJPG).
    public init?(frame: VideoFrame, targetWidth: Int = 160) {
        let packed = frame.pixelFormat == .yuyv
        guard packed || frame.pixelFormat == .nv12 || frame.pixelFormat == .yu12,
              frame.width >= 2, frame.height >= 2 else { return nil }
        let step = max(1, frame.width / max(targetWidth, 1))
        width = frame.width / step
        height = frame.height / step
        let stride = frame.bytesPerLine
        let bytes = frame.bytes
        let pixelStep = packed ? 2 : 1
        guard bytes.count >= stride * frame.height else { return nil }
        var out = [Float](repeating: 0, count: width * height)
        let scale = 1 / Float(step * step)
        for ty in 0..<height {
            for tx in 0..<width {
                var sum = 0
                for y in (ty * step)..<(ty * step + step) {
                    let row = y * stride + tx * step * pixelStep
                    for x in 0..<step { sum += Int(bytes[row + x * pixelStep]) }
                }
                out[ty * width + tx] = Float(sum) * scale
            }
        }
        pixels = out
    }
}
