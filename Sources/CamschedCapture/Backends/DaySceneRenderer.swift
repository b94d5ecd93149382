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
/// noise), and is the same for the same frame number on every run.
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

    private static func drawLuma(_ base: UnsafeMutablePointer<UInt8>, format: CameraFormat, layout: DaySceneLayout,
                                 scale: Double, gain: Double, frameNumber: UInt32) {
        var random = SplitMix(seed: UInt64(frameNumber) &* 0x9E37_79B9_7F4A_7C15 &+ 3)
        let pixelStep = format.pixelFormat == .yuyv ? 2 : 1
        let shot = shotNoisePerGain * gain, read = (readNoisePerGain * gain) * (readNoisePerGain * gain)
        layout.reflectance.withUnsafeBufferPointer { reflectance in
            for y in layout.top..<layout.height {
                let line = base + y * format.bytesPerLine
                let row = (y - layout.top) * layout.width
                for x in 0..<layout.width {
                    let signal = Double(reflectance[row + x]) * scale
                    let noisy = signal + (shot * min(signal, 512) + read).squareRoot() * random.nextNormal()
                    line[x * pixelStep] = UInt8(16 + min(span, max(0, noisy.rounded())))
                }
            }
        }
    }

    /// Chroma: the region's tint in proportion to its (noise-free, clipped) luma.
    private static func drawChroma(_ base: UnsafeMutablePointer<UInt8>, format: CameraFormat, layout: DaySceneLayout,
                                   scale: Double) {
        let (width, height, stride) = (format.width, format.height, format.bytesPerLine)
        let sceneHeight = height - layout.top
        func chroma(x: Int, y: Int) -> (UInt8, UInt8) {
            let region = DaySceneLayout.region(x: x, y: y - layout.top, width: width, height: sceneHeight)
            let tint = DaySceneLayout.tint(of: region)
            let luma = Float(min(span, Double(layout.reflectance[(y - layout.top) * width + x]) * scale))
            return (UInt8(max(0, min(255, 128 + tint.u * luma))), UInt8(max(0, min(255, 128 + tint.v * luma))))
        }
        switch format.pixelFormat {
        case .yuyv:
            for y in layout.top..<height {
                let line = base + y * stride
                for pair in 0..<(width / 2) { (line[pair * 4 + 1], line[pair * 4 + 3]) = chroma(x: pair * 2, y: y) }
            }
        case .nv12:
            let plane = base + stride * height
            for row in ((layout.top + 1) / 2)..<(height / 2) {
                for column in 0..<(width / 2) {
                    (plane[row * stride + column * 2], plane[row * stride + column * 2 + 1]) = chroma(x: column * 2, y: row * 2)
                }
            }
        default:
            let (planeStride, rows) = (stride / 2, (height + 1) / 2)
            let (uPlane, vPlane) = (base + stride * height, base + stride * height + planeStride * rows)
            for row in ((layout.top + 1) / 2)..<(height / 2) {
                for column in 0..<(width / 2) {
                    (uPlane[row * planeStride + column], vPlane[row * planeStride + column]) = chroma(x: column * 2, y: row * 2)
                }
            }
        }
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
