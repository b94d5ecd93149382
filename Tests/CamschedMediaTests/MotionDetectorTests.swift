@testable import CamschedMedia
import Testing

/// Motion detection on made-up luma pictures (160×90): what counts as motion and what does not.
@Suite struct MotionDetectorTests {
    static let width = 160, height = 90

    /// A grey picture with light noise, optionally a bright block and a brightness factor.
    static func picture(seed: UInt64, block: (x: Int, y: Int, size: Int)? = nil, brightness: Float = 1) -> LumaThumbnail {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var pixels = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let noise = Float(state % 7) - 3
                var value = 90 + Float(x) * 0.4 + noise
                if let block, (block.x..<block.x + block.size).contains(x), (block.y..<block.y + block.size).contains(y) { value = 220 }
                pixels[y * width + x] = min(255, value * brightness)
            }
        }
        return LumaThumbnail(width: width, height: height, pixels: pixels)
    }

    static func settle(_ detector: inout MotionDetector, frames: Int = 20) {
        for seed in 0..<UInt64(frames) { _ = detector.analyze(picture(seed: seed)) }
    }

    @Test func aBlockThatAppearsIsMotionWithItsBox() {
        var detector = MotionDetector(settings: .init(threshold: 0.03, area: 0.005))
        Self.settle(&detector)
        let reading = detector.analyze(Self.picture(seed: 99, block: (40, 30, 16)))
        #expect(reading.isMotion)
        let box = reading.box ?? []
        #expect(box.count == 4 && abs(box[0] - 40.0 / 160) < 0.02 && abs(box[1] - 30.0 / 90) < 0.03)
        #expect(abs(box[2] - 16.0 / 160) < 0.02 && abs(reading.score - 256.0 / 14400) < 0.004)
    }

    @Test func noiseAndAThirtyPercentBrightnessChangeAreNotMotion() {
        var detector = MotionDetector(settings: .init(threshold: 0.03, area: 0.005))
        Self.settle(&detector)
        for step in 1...10 {
            let reading = detector.analyze(Self.picture(seed: 200 + UInt64(step), brightness: 1 + 0.03 * Float(step)))
            #expect(!reading.isMotion, "brightness +\(3 * step) %: score \(reading.score)")
        }
        #expect(!detector.analyze(Self.picture(seed: 300, brightness: 0.7)).isMotion, "lights off")
    }

    @Test func anIgnoredRectangleNeverCounts() {
        var detector = MotionDetector(settings: .init(threshold: 0.03, area: 0.005, ignore: [[0.2, 0.25, 0.2, 0.3]]))
        Self.settle(&detector)
        #expect(!detector.analyze(Self.picture(seed: 99, block: (40, 30, 16))).isMotion)
        #expect(detector.analyze(Self.picture(seed: 98, block: (100, 30, 16))).isMotion)
    }

    @Test func anObjectThatStaysBecomesBackground() {
        var detector = MotionDetector(settings: .init(threshold: 0.03, area: 0.005))
        Self.settle(&detector)
        var last = detector.analyze(Self.picture(seed: 1, block: (40, 30, 16)))
        #expect(last.isMotion)
        for seed in 2..<UInt64(2000) where last.isMotion { last = detector.analyze(Self.picture(seed: seed, block: (40, 30, 16))) }
        #expect(!last.isMotion, "a parked object is learnt")
    }
}
