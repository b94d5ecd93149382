import CamschedMedia
import Foundation
import Testing

@Suite struct FlickerMetricTests {
    @Test func steadySeriesHasNoFlicker() {
        #expect(FlickerMetric.flicker(Array(repeating: 0.43, count: 40)) == 0)
        #expect(FlickerMetric.flicker([0.5, 0.9]) == 0)
        #expect(FlickerMetric.flicker([]) == 0)
    }

    /// 1, 3, 1, 3, 1. Shot 1's window is shots 0…2 (average 5/3, ratio 9/5), shot 2's all five
    /// (average 9/5, ratio 5/9), shot 3's shots 2…4 (ratio 9/5); shots 0 and 4 are not counted.
    /// Flicker = sqrt((2 · (4/5)² + (4/9)²) / 3) ≈ 0.70179.
    @Test func shortAlternatingSeriesByHand() {
        let series: [Double] = [1, 3, 1, 3, 1]
        let averages = FlickerMetric.movingAverage(series)
        #expect(averages[0] == 1 && averages[4] == 1)
        #expect(abs(averages[1] - 5.0 / 3) < 1e-12 && abs(averages[3] - 5.0 / 3) < 1e-12)
        #expect(abs(averages[2] - 9.0 / 5) < 1e-12)
        let expected = ((2 * 0.64 + 16.0 / 81) / 3).squareRoot()
        #expect(abs(FlickerMetric.flicker(series) - expected) < 1e-12)
        #expect(abs(expected - 0.701791) < 1e-6)
    }

    /// In the middle of a long series the window is 15 shots wide: around a 1 it holds seven
    /// 1s and eight 3s (31/15), around a 3 seven 3s and eight 1s (29/15).
    @Test func fullWindowIsFifteenShotsCentred() {
        let series = (0..<40).map { $0 % 2 == 0 ? 1.0 : 3.0 }
        let averages = FlickerMetric.movingAverage(series)
        for index in 7..<33 { #expect(abs(averages[index] - (index % 2 == 0 ? 31.0 / 15 : 29.0 / 15)) < 1e-12) }
        // Near the ends the window shrinks evenly: shot 3 is averaged with shots 0…6, four 1s
        // (shots 0, 2, 4, 6) and three 3s: 13/7.
        #expect(abs(averages[3] - 13.0 / 7) < 1e-12)
    }

    @Test func steadyChangeIsNoFlicker() {
        // A straight rise reads 0 right to the ends of the series.
        let rise = (0..<40).map { 0.2 + 0.01 * Double($0) }
        #expect(FlickerMetric.flicker(rise) < 1e-12)
        // A sunset halving every 60 shots curves a little within a window (the average is
        // arithmetic): 0.1 %, a tenth of the 1 % a ramp is allowed.
        let sunset = (0..<300).map { 0.5 * pow(0.5, Double($0) / 60) }
        #expect(FlickerMetric.flicker(sunset) < 0.0015)
    }

    @Test func onePercentScatterReadsAboutOnePercent() {
        // ±1 % about a steady level, alternating: a whole window holds one more of the other
        // kind, so a 1.01 reads 1.01 / (14.99 / 15) = +1.067 % and a 0.99 reads −1.066 %; the
        // shots near the ends, with shorter windows, a little less (1.0658 % in all).
        let series = (0..<300).map { 0.4 * ($0 % 2 == 0 ? 1.01 : 0.99) }
        #expect(abs(FlickerMetric.flicker(series) - 0.0106582) < 0.0000001)
    }
}
