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
public struct MotionDetector: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Luma difference that counts, as a fraction of full scale (0…1).
        public var threshold: Double
        /// Share of the picture that must change for motion (0…1).
        public var area: Double
        /// Rectangles `[x, y, w, h]` in fractions of the picture that never count.
        public var ignore: [[Double]]

        public init(threshold: Double = 0.03, area: Double = 0.005, ignore: [[Double]] = []) {
            self.threshold = threshold
            self.area = area
            self.ignore = ignore
        }
    }

    /// What one picture showed.
    public struct Reading: Sendable, Equatable {
        /// The share of the (not ignored) picture that changed.
        public var score: Double
        /// Whether that is motion (`score > area`).
        public var isMotion: Bool
        /// The changed area `[x, y, w, h]` in fractions of the picture; nil when nothing changed.
        public var box: [Double]?
    }

    public let settings: Settings
    private var background: [Float] = []
    private var mask: [Bool] = []
    private var size = (width: 0, height: 0)
    /// Background learning rates per picture where nothing moved and where something did.
    static let learnStill: Float = 0.05
    static let learnMoving: Float = 0.005

    public init(settings: Settings) {
        self.settings = settings
    }

    /// Compares a picture with the background, then updates the background. The first picture
    /// (or one of another size) becomes the background and is never motion.
    public mutating func analyze(_ picture: LumaThumbnail) -> Reading {
        guard size == (picture.width, picture.height), !background.isEmpty else {
            size = (picture.width, picture.height)
            background = picture.pixels
            mask = Self.ignoreMask(settings.ignore, width: picture.width, height: picture.height)
            return Reading(score: 0, isMotion: false, box: nil)
        }
        let gain = brightnessGain(picture.pixels)
        let changed = changedPixels(picture.pixels, gain: gain)
        let counted = despeckled(changed)
        learn(picture.pixels, gain: gain, moving: counted)
        return reading(counted)
    }

    /// The factor that brings the picture to the background's mean brightness.
    private func brightnessGain(_ pixels: [Float]) -> Float {
        var current: Float = 0
        var reference: Float = 0
        for index in pixels.indices where !mask[index] {
            current += pixels[index]
            reference += background[index]
        }
        guard current > 1 else { return 1 }
        return min(max(reference / current, 0.25), 4)
    }

    private func changedPixels(_ pixels: [Float], gain: Float) -> [Bool] {
        let limit = Float(settings.threshold * 255)
        var changed = [Bool](repeating: false, count: pixels.count)
        pixels.withUnsafeBufferPointer { current in
            background.withUnsafeBufferPointer { reference in
                for index in 0..<current.count where !mask[index] {
                    changed[index] = abs(current[index] * gain - reference[index]) > limit
                }
            }
        }
        return changed
    }

    private func despeckled(_ changed: [Bool]) -> [Bool] {
        let (width, height) = size
        var kept = [Bool](repeating: false, count: changed.count)
        for y in 0..<height {
            for x in 0..<width where changed[y * width + x] {
                var neighbours = 0
                if x > 0, changed[y * width + x - 1] { neighbours += 1 }
                if x + 1 < width, changed[y * width + x + 1] { neighbours += 1 }
                if y > 0, changed[(y - 1) * width + x] { neighbours += 1 }
                if y + 1 < height, changed[(y + 1) * width + x] { neighbours += 1 }
                kept[y * width + x] = neighbours >= 2
            }
        }
        return kept
    }

    private mutating func learn(_ pixels: [Float], gain: Float, moving: [Bool]) {
        for index in pixels.indices {
            let rate = moving[index] ? Self.learnMoving : Self.learnStill
            background[index] += rate * (pixels[index] * gain - background[index])
        }
    }

    private func reading(_ counted: [Bool]) -> Reading {
        let (width, height) = size
        var count = 0
        var box = (minX: width, minY: height, maxX: -1, maxY: -1)
        for y in 0..<height {
            for x in 0..<width where counted[y * width + x] {
                count += 1
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        let considered = max(1, mask.filter { !$0 }.count)
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
