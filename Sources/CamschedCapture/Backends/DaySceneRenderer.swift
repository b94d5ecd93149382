import CamschedCore
import CamschedMedia
import Foundation

/// Draws a frame of the `test:` camera's day scene as its emulated sensor would take it.
///
/// Each pixel's brightness v (0…1) and luma Y (video range, as every raw picture camsched
/// handles: black 16, white 235; a JPEG of it has 255 · v), proportional to the light until it
/// clips:
///
///     v = clip₀…₁(R(x, y) · L · t · g · K + n / 219),   Y = 16 + 219 · v,   K = 0.018
///
/// with R the reflectance (``DaySceneLayout``), L the scene luminance (``DayScene``), t the
/// exposure time in seconds and g the analogue gain factor: a reflectance of 0.5 at L = 100000
/// (a summer noon) gives v = 0.45 at t = 0.5 ms and 1×. The noise n (in luma steps) is normal
/// with variance 0.05 · g · S (shot noise, S the signal in luma steps) + (0.6 · g)² (read
/// noise), and is the same for the same frame number on every run (its deviates come from a
/// table of 65536 drawn once, each row reading from a point the frame number picks, and its
/// variance is taken at the whole luma step below the signal: the picture is drawn in a few
/// milliseconds even in a debug build).
///
/// The code rows on top keep their black and white centres (which readers read) and get rims
/// that make every block's mean luma 60, whatever its bit: the numbers that change every frame
/// do not make the picture's mean brightness flicker.
enum DaySceneRenderer {
    static let sensitivity = 0.018
    static let shotNoisePerGain = 0.05
    static let readNoisePerGain = 0.6
    static let codeBlockMean = 60

    /// Luma steps from black to white.
    static let span = 219.0

    /// The luma above black (before noise and clipping) of a reflectance of 1 under `luminance`.
    static func signalScale(luminance: Double, exposure: SensorExposure) -> Double {
        span * luminance * exposure.product * sensitivity
    }

    /// Paints the scene over a raw frame that ``SyntheticPattern/fill`` drew (YUYV, NV12, YU12).
    static func draw(into buffer: UnsafeMutableRawBufferPointer, format: CameraFormat, layout: DaySceneLayout,
                     luminance: Double, exposure: SensorExposure, frameNumber: UInt32) {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
              layout.width == format.width, layout.height == format.height,
              let block = SyntheticPattern.blockSize(width: format.width, height: format.height) else { return }
        let scale = signalScale(luminance: luminance, exposure: exposure)
        evenCodeRows(base, format: format, block: block)
        drawLuma(base, format: format, layout: layout, scale: scale, gain: exposure.gainFactor, frameNumber: frameNumber)
        drawChroma(base, format: format, layout: layout, scale: scale)
    }

    /// Normal deviates for the noise, drawn once: each row of a frame reads them from a point
    /// the frame number's generator picks.
    static let normals: [Float] = {
        var random = SplitMix64(seed: 0x5EED_DA75)
        return (0..<65_536).map { _ in Float(random.nextNormal()) }
    }()

    private static func drawLuma(_ base: UnsafeMutablePointer<UInt8>, format: CameraFormat, layout: DaySceneLayout,
                                 scale: Double, gain: Double, frameNumber: UInt32) {
        var random = SplitMix64(seed: UInt64(frameNumber) &* 0x9E37_79B9_7F4A_7C15 &+ 3)
        let pixelStep = format.pixelFormat == .yuyv ? 2 : 1
        let shot = shotNoisePerGain * gain, read = (readNoisePerGain * gain) * (readNoisePerGain * gain)
        // The noise's standard deviation by whole luma step of signal (beyond 512 it is clipped anyway).
        let sigmas = (0...512).map { Float((shot * Double($0) + read).squareRoot()) }
        let (gainScale, white) = (Float(scale), Float(span))
        sigmas.withUnsafeBufferPointer { sigma in
            normals.withUnsafeBufferPointer { normal in
                layout.reflectance.withUnsafeBufferPointer { reflectance in
                    for y in layout.top..<layout.height {
                        let line = base + y * format.bytesPerLine
                        let row = (y - layout.top) * layout.width
                        var index = Int(truncatingIfNeeded: random.next() & 0xFFFF)
                        for x in 0..<layout.width {
                            let signal = reflectance[row + x] * gainScale
                            let noisy = signal + sigma[signal < 512 ? Int(signal) : 512] * normal[index]
                            index = (index + 1) & 0xFFFF
                            line[x * pixelStep] = UInt8(16.5 + (noisy < 0 ? 0 : (noisy > white ? white : noisy)))
                        }
                    }
                }
            }
        }
    }

    /// Chroma: the region's tint in proportion to its (noise-free, clipped) luma.
    private static func drawChroma(_ base: UnsafeMutablePointer<UInt8>, format: CameraFormat, layout: DaySceneLayout,
                                   scale: Double) {
        let (width, height, stride) = (format.width, format.height, format.bytesPerLine)
        let (columns, firstRow) = (width / 2, layout.top / 2)
        let light = (scale: Float(scale), white: Float(span))
        layout.chromaReflectance.withUnsafeBufferPointer { reflectance in
            layout.chromaTint.withUnsafeBufferPointer { tint in
                switch format.pixelFormat {
                case .yuyv:
                    for y in layout.top..<height {
                        let (line, first) = (base + y * stride, (y / 2 - firstRow) * columns)
                        for pair in 0..<columns {
                            (line[pair * 4 + 1], line[pair * 4 + 3]) = chroma(reflectance[first + pair], tint[first + pair], light)
                        }
                    }
                case .nv12:
                    let plane = base + stride * height
                    for row in firstRow..<(height / 2) {
                        let (line, first) = (plane + row * stride, (row - firstRow) * columns)
                        for column in 0..<columns {
                            (line[column * 2], line[column * 2 + 1]) = chroma(reflectance[first + column], tint[first + column], light)
                        }
                    }
                default:
                    let (planeStride, rows) = (stride / 2, (height + 1) / 2)
                    let (uPlane, vPlane) = (base + stride * height, base + stride * height + planeStride * rows)
                    for row in firstRow..<(height / 2) {
                        let first = (row - firstRow) * columns
                        for column in 0..<columns {
                            (uPlane[row * planeStride + column], vPlane[row * planeStride + column])
                                = chroma(reflectance[first + column], tint[first + column], light)
                        }
                    }
                }
            }
        }
    }

    /// U and V of a chroma sample of `reflectance` and `tint` under the light.
    private static func chroma(_ reflectance: Float, _ tint: (u: Float, v: Float),
                               _ light: (scale: Float, white: Float)) -> (UInt8, UInt8) {
        let signal = reflectance * light.scale
        let luma = signal > light.white ? light.white : signal
        return (UInt8(max(0, min(255, 128.5 + tint.u * luma))), UInt8(max(0, min(255, 128.5 + tint.v * luma))))
    }

    /// Gives each block of the two code rows a rim that makes the block's mean luma
    /// `codeBlockMean` (the centre half, which readers average, stays black or white).
    private static func evenCodeRows(_ base: UnsafeMutablePointer<UInt8>, format: CameraFormat,
                                     block: (width: Int, height: Int)) {
        let pixelStep = format.pixelFormat == .yuyv ? 2 : 1
        let (inner, outer) = ((block.width / 4)..<(block.width * 3 / 4), (block.height / 4)..<(block.height * 3 / 4))
        let centreCount = inner.count * outer.count, rimCount = block.width * block.height - centreCount
        // ``SyntheticPattern``'s 40 blocks a row (32 bits and a CRC-8); what is right of them is plain.
        let blocks = min(40, format.width / block.width)
        for row in 0..<2 {
            for index in 0..<blocks {
                let left = index * block.width, topRow = row * block.height
                let centre = Int(base[(topRow + block.height / 2) * format.bytesPerLine + (left + block.width / 2) * pixelStep])
                let rim = UInt8(max(0, min(255, (codeBlockMean * (centreCount + rimCount) - centre * centreCount) / rimCount)))
                for y in 0..<block.height {
                    let line = base + (topRow + y) * format.bytesPerLine
                    for x in 0..<block.width where !(outer.contains(y) && inner.contains(x)) {
                        line[(left + x) * pixelStep] = rim
                    }
                }
            }
            for y in (row * block.height)..<(row * block.height + block.height) {
                let line = base + y * format.bytesPerLine
                for x in (blocks * block.width)..<format.width { line[x * pixelStep] = UInt8(codeBlockMean) }
            }
        }
    }
}
