/// Shot-to-shot flicker of a brightness series: the RMS of the brightness ratio after removing
/// a moving average of 15 shots (issue 29). Given brightness `b`, the ratio
/// `r[i] = b[i] / movingAverage(b)[i]`, and the flicker is `sqrt(mean((r[i] - 1)²))`: 0 for a
/// steady or steadily changing series, 0.01 for shots that scatter about 1 % around their
/// neighbours.
///
/// The moving average is arithmetic and centred: shot `i` is averaged with the 7 before and
/// the 7 after it. Near either end the window shrinks evenly on both sides so that it stays
/// centred (shot 2 is averaged with shots 0…4): a steady rise or fall, a sunset at the end of
/// a run, reads as no flicker anywhere. The first and last shots, with no neighbour on one
/// side, are not counted.
package enum FlickerMetric {
    /// Shots in the moving average.
    package static let window = 15

    /// The centred moving average of `series` over `window` shots (an odd number; an even one
    /// is taken as the next odd one), shrunk evenly near the ends.
    package static func movingAverage(_ series: [Double], window: Int = window) -> [Double] {
        let widest = max(window, 1) / 2
        return series.indices.map { index in
            let half = min(widest, index, series.count - 1 - index)
            // Summed as differences from the shot itself: a steady stretch averages to exactly
            // its own value (ratio 1, flicker 0), with no rounding left over.
            let value = series[index]
            let offset = series[(index - half)...(index + half)].reduce(0) { $0 + ($1 - value) }
            return value + offset / Double(2 * half + 1)
        }
    }

    /// The flicker of `series`: RMS of `b[i] / movingAverage(b)[i] - 1` over all shots but the
    /// first and the last. Zero for fewer than three shots. A shot whose moving average is not
    /// positive (a black stretch) is left out.
    package static func flicker(_ series: [Double], window: Int = window) -> Double {
        guard series.count >= 3 else { return 0 }
        let averages = movingAverage(series, window: window)
        var sum = 0.0
        var counted = 0
        for index in 1..<(series.count - 1) where averages[index] > 0 {
            let deviation = series[index] / averages[index] - 1
            sum += deviation * deviation
            counted += 1
        }
        return counted == 0 ? 0 : (sum / Double(counted)).squareRoot()
    }
}
