import CamschedCore
import Foundation

/// Motion in a camera's picture, as `trigger` jobs see it: the share of a downscaled luma
/// picture that differs from a slowly adapting background by more than `threshold`.
///
/// - A change of the whole picture's brightness (a light switched on, a cloud) is not motion:
///   the picture is scaled to the background's mean brightness before comparing.
/// - Isolated changed pixels (sensor noise) are not motion: a pixel counts only when at least
///   two of its four neighbours changed too.
/// - Pixels inside `ignore` rectangles never count.
/// - The background learns the picture: quickly where nothing moves, slowly where something
///   does, so an object that stays (a parked car) becomes background after a while.
///
/// Cost: the buffers are allocated once per picture size and every pass runs over raw
/// pointers (vectorised by the compiler where it can), so a 160×90 picture takes a
/// few tens of microseconds (Documentation/performance.md).
package struct MotionDetector: Sendable {
    package typealias Settings = MotionSettings

    /// What one picture showed.
    package struct Reading: Sendable, Equatable {
        /// The share of the (not ignored) picture that changed.
        package var score: Double
        /// Whether that is motion (`score > area`).
        package var isMotion: Bool
        /// The changed area `[x, y, w, h]` in fractions of the picture; nil when nothing changed.
        package var box: [Double]?
    }

    package let settings: Settings
    private var background: [Float] = []
    /// 1 where a pixel counts, 0 inside an ignore rectangle.
    private var weight: [Float] = []
    private var changed: [UInt8] = []
    private var kept: [UInt8] = []
    private var histogram: [Int] = []
    private var previous: [Float] = []
    private var considered = 1
    private var size = (width: 0, height: 0)
    /// Background learning rates per picture where nothing changed and where something moves.
    static let learnStill: Float = 0.05
    static let learnMoving: Float = 0.005
    /// Learning rate where the picture differs from the background but not from the last picture.
    static let learnSettled: Float = 0.25

    package init(settings: Settings) {
        self.settings = settings
    }

    /// The pixels that counted as changed in the last picture (255) and the others (0), for
    /// `--debug-motion`; nil before the second picture.
    package var lastMask: (width: Int, height: Int, pixels: [UInt8])? {
        guard !kept.isEmpty else { return nil }
        return (size.width, size.height, kept.map { $0 == 0 ? 0 : 255 })
    }

    /// Compares a picture with the background, then updates the background. The first picture
    /// (or one of another size) becomes the background and is never motion.
    package mutating func analyze(_ picture: LumaThumbnail) -> Reading {
        guard size == (picture.width, picture.height), !background.isEmpty else {
            start(picture)
            return Reading(score: 0, isMotion: false, box: nil)
        }
        let gain = brightnessGain(picture.pixels)
        markChanged(picture.pixels, gain: gain)
        despeckle()
        learn(picture.pixels, gain: gain)
        return reading()
    }

    private mutating func start(_ picture: LumaThumbnail) {
        size = (picture.width, picture.height)
        background = picture.pixels
        let mask = Self.ignoreMask(settings.ignore, width: picture.width, height: picture.height)
        weight = mask.map { $0 ? 0 : 1 }
        considered = max(1, mask.filter { !$0 }.count)
        changed = [UInt8](repeating: 0, count: mask.count)
        kept = []
        previous = picture.pixels
    }

    /// The factor that brings the picture to the background's brightness: the median of the
    /// per-pixel ratios background / picture (from a histogram of their logarithms, no
    /// sorting), so that a bright object entering the picture does not dim the rest of it as
    /// a mean would. Dark pixels (luma under 16) say little about a ratio and are left out.
    private mutating func brightnessGain(_ pixels: [Float]) -> Float {
        let bins = Self.gainBins
        if histogram.count != bins { histogram = [Int](repeating: 0, count: bins) }
        var total = 0
        histogram.withUnsafeMutableBufferPointer { h in
            for i in h.indices { h[i] = 0 }
            pixels.withUnsafeBufferPointer { p in
                background.withUnsafeBufferPointer { b in
                    weight.withUnsafeBufferPointer { w in
                        // Every third pixel: the median needs no more, and log2 is the costly part.
                        for i in stride(from: 0, to: p.count, by: 3) where w[i] > 0 && p[i] >= 16 && b[i] >= 16 {
                            let position = (log2(b[i] / p[i]) + 2) * Float(bins) / 4
                            h[min(bins - 1, max(0, Int(position)))] += 1
                            total += 1
                        }
                    }
                }
            }
        }
        guard total > 0 else { return 1 }
        var seen = 0
        for (bin, count) in histogram.enumerated() {
            seen += count
            if seen * 2 >= total { return exp2((Float(bin) + 0.5) * 4 / Float(bins) - 2) }
        }
        return 1
    }

    /// Histogram bins of log2(ratio) over [-2, 2]: 1/128 of a stop each (about 0.5 %).
    static let gainBins = 512

    private mutating func markChanged(_ pixels: [Float], gain: Float) {
        let limit = Float(settings.threshold * 255)
        pixels.withUnsafeBufferPointer { p in
            background.withUnsafeBufferPointer { b in
                weight.withUnsafeBufferPointer { w in
                    changed.withUnsafeMutableBufferPointer { c in
                        for i in 0..<p.count {
                            c[i] = w[i] > 0 && abs(p[i] * gain - b[i]) > limit ? 1 : 0
                        }
                    }
                }
            }
        }
    }

    private mutating func despeckle() {
        let (width, height) = size
        if kept.count != changed.count { kept = [UInt8](repeating: 0, count: changed.count) }
        changed.withUnsafeBufferPointer { c in
            kept.withUnsafeMutableBufferPointer { k in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        let i = row + x
                        guard c[i] != 0 else { k[i] = 0; continue }
                        var neighbours = 0
                        if x > 0 { neighbours += Int(c[i - 1]) }
                        if x + 1 < width { neighbours += Int(c[i + 1]) }
                        if y > 0 { neighbours += Int(c[i - width]) }
                        if y + 1 < height { neighbours += Int(c[i + width]) }
                        k[i] = neighbours >= 2 ? 1 : 0
                    }
                }
            }
        }
    }

    /// Where nothing changed the background follows the picture quickly; where something
    /// changed and keeps changing (it moves), slowly; where something changed but then stays
    /// still (an object put down, or the ghost of one that left), fast, so that motion ends
    /// within a second of the scene settling.
    private mutating func learn(_ pixels: [Float], gain: Float) {
        let limit = Float(settings.threshold * 255)
        if previous.count != pixels.count { previous = background }
        pixels.withUnsafeBufferPointer { p in
            kept.withUnsafeBufferPointer { k in
                previous.withUnsafeMutableBufferPointer { last in
                    background.withUnsafeMutableBufferPointer { b in
                        for i in 0..<p.count {
                            let value = p[i] * gain
                            let rate = k[i] == 0 ? Self.learnStill
                                : abs(value - last[i]) <= limit ? Self.learnSettled : Self.learnMoving
                            b[i] += rate * (value - b[i])
                            last[i] = value
                        }
                    }
                }
            }
        }
    }

    private func reading() -> Reading {
        let (width, height) = size
        var count = 0
        var box = (minX: width, minY: height, maxX: -1, maxY: -1)
        kept.withUnsafeBufferPointer { k in
            for y in 0..<height {
                let row = y * width
                for x in 0..<width where k[row + x] != 0 {
                    count += 1
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
        }
        let score = Double(count) / Double(considered)
        let fraction = count == 0 ? nil : [Double(box.minX) / Double(width), Double(box.minY) / Double(height),
                                          Double(box.maxX - box.minX + 1) / Double(width),
                                          Double(box.maxY - box.minY + 1) / Double(height)]
        return Reading(score: score, isMotion: score > settings.area, box: fraction)
    }

    /// True for the pixels inside any ignore rectangle.
    static func ignoreMask(_ rectangles: [[Double]], width: Int, height: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        for rect in rectangles where rect.count == 4 {
            let x0 = Int((rect[0] * Double(width)).rounded(.down)), y0 = Int((rect[1] * Double(height)).rounded(.down))
            let x1 = Int(((rect[0] + rect[2]) * Double(width)).rounded(.up))
            let y1 = Int(((rect[1] + rect[3]) * Double(height)).rounded(.up))
            for y in max(0, y0)..<min(height, max(y1, 0)) {
                for x in max(0, x0)..<min(width, max(x1, 0)) { mask[y * width + x] = true }
            }
        }
        return mask
    }
}
