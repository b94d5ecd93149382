import CamschedMedia
import Foundation
import Testing

@Suite struct BrightnessSmootherTests {
    @Test func steadyAndExponentialChangesPass() {
        #expect(BrightnessSmoother.targets(Array(repeating: 0.3, count: 20)).allSatisfy { abs($0 - 0.3) < 1e-12 })
        // A sunset: brightness halving every 10 shots is a straight line in log, which a
        // centred window leaves where it is (wherever the window is whole).
        let sunset = (0..<60).map { 0.5 * pow(0.5, Double($0) / 10) }
        let targets = BrightnessSmoother.targets(sunset)
        for index in 7..<53 { #expect(abs(targets[index] / sunset[index] - 1) < 1e-9) }
    }

    @Test func windowIsShortenedAtTheEnds() {
        // Frame 0 is averaged with frames 0…7, weights 8…1: of 2^0, 2^1, … 2^7 the weighted
        // mean exponent is (8·0 + 7·1 + 6·2 + … + 1·7) / 36 = 84 / 36 = 7/3; the last, frame
        // 19, mirrors it: 19 − 7/3 = 50/3.
        let doubling = (0..<20).map { pow(2, Double($0)) / 100 }
        let targets = BrightnessSmoother.targets(doubling)
        #expect(abs(targets[0] / (pow(2, 7.0 / 3) / 100) - 1) < 1e-9)
        #expect(abs(targets[19] / (pow(2, 50.0 / 3) / 100) - 1) < 1e-9)
        // In the middle: frame 10 of 1, 2, 1, 2, … (odd frames 2): weights 8 on itself (1),
        // 2·(7 + 5 + 3 + 1) = 32 on 2s, 2·(6 + 4 + 2) = 24 on 1s: 2^(32/64) = √2.
        let alternating = (0..<21).map { $0 % 2 == 0 ? 0.1 : 0.2 }
        #expect(abs(BrightnessSmoother.targets(alternating)[10] - 0.1 * 2.0.squareRoot()) < 1e-12)
        // Below one luma step counts as one step: black frames have a target too.
        #expect(abs(BrightnessSmoother.targets([0, 0, 0])[1] - 1.0 / 255) < 1e-12)
        #expect(abs(BrightnessSmoother.targets([0.2])[0] - 0.2) < 1e-12)
    }

    @Test func gainIsLimitedToTwoStops() {
        #expect(BrightnessSmoother.gain(measured: 0.4, target: 0.5) == 1.25)
        #expect(BrightnessSmoother.gain(measured: 0.01, target: 0.5) == 4)
        #expect(BrightnessSmoother.gain(measured: 0.9, target: 0.1) == 0.25)
        #expect(BrightnessSmoother.gain(measured: 0, target: 0) == 1)
    }
}
