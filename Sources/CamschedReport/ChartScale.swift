import Foundation

/// A linear map from data values to drawing coordinates, with round tick values.
package struct ChartScale: Sendable, Equatable {
    /// The data interval drawn (never empty: a single value is widened by ±1, or ±10 %).
    package let lower: Double
    package let upper: Double
    /// The coordinates `lower` and `upper` map to (`to` may be below `from`: SVG's y grows down).
    package let from: Double
    package let to: Double

    /// A scale over `values` (with `includingZero`, zero is inside it), mapped to `from…to`.
    package init(values: [Double], includingZero: Bool = true, from: Double, to: Double) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0, high = finite.max() ?? 1
        if includingZero { low = Swift.min(low, 0); high = Swift.max(high, 0) }
        if low == high {
            let pad = low == 0 ? 1 : abs(low) / 10
            low -= includingZero && low == 0 ? 0 : pad
            high += pad
        }
        self.init(lower: low, upper: high, from: from, to: to)
    }

    /// A scale over `lower…upper` exactly.
    package init(lower: Double, upper: Double, from: Double, to: Double) {
        self.lower = lower
        self.upper = upper > lower ? upper : lower + 1
        self.from = from
        self.to = to
    }

    /// The coordinate of `value` (values outside the interval map outside `from…to`).
    package func position(_ value: Double) -> Double {
        from + (value - lower) / (upper - lower) * (to - from)
    }

    /// Round values inside the interval, about `count` of them: multiples of 1, 2 or 5 × 10ⁿ.
    package func ticks(count: Int = 5) -> [Double] {
        let step = Self.niceStep(span: upper - lower, count: count)
        let first = (lower / step - 1e-9).rounded(.up)
        var result: [Double] = []
        var index = 0.0
        while (first + index) * step <= upper + step * 1e-9, result.count < 100 {
            let tick = (first + index) * step
            result.append(abs(tick) < step * 1e-9 ? 0 : tick)
            index += 1
        }
        return result
    }

    /// The smallest step of 1, 2 or 5 × 10ⁿ that cuts `span` into at most `count` pieces.
    package static func niceStep(span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / Double(Swift.max(1, count))
        let exponent = floor(log10(raw))
        let magnitude = pow(10, exponent)
        for factor in [1.0, 2, 5] where factor * magnitude >= raw * (1 - 1e-9) { return factor * magnitude }
        return pow(10, exponent + 1)
    }

    /// The next round step above `step` (1 → 2 → 5 → 10 …).
    package static func nextNiceStep(after step: Double) -> Double {
        let exponent = floor(log10(step) + 1e-9)
        let mantissa = step / pow(10, exponent)
        return mantissa < 1.5 ? 2 * pow(10, exponent) : mantissa < 3.5 ? 5 * pow(10, exponent) : pow(10, exponent + 1)
    }
}
