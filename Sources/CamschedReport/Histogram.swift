/// Values counted into bins of one width: the lateness distribution of an interval run.
package struct Histogram: Sendable, Equatable {
    /// The first bin's lower edge.
    package let start: Double
    /// The width of every bin.
    package let binWidth: Double
    /// How many values fell in each bin: bin i holds start + i·w ≤ value < start + (i+1)·w.
    package let counts: [Int]

    /// Counts `values` in at most `maxBins` bins of a round width (1, 2 or 5 × 10ⁿ), the
    /// first bin starting at a multiple of that width. Non-finite values are left out.
    package init(values: [Double], maxBins: Int = 20) {
        // Values beyond ±1e15 (no lateness is; a hostile sidecar's might be) are left out with
        // the non-finite ones: their span would not fit a Double's precision.
        let finite = values.filter { $0.isFinite && abs($0) <= 1e15 }
        guard let low = finite.min(), let high = finite.max() else {
            self.init(start: 0, binWidth: 1, counts: [])
            return
        }
        var width = ChartScale.niceStep(span: high - low, count: max(1, maxBins))
        // Aligning the first edge down can push the top value one bin past the cap: widen.
        while Self.index(high, start: Self.edge(below: low, width: width), width: width) + 1 > max(1, maxBins) {
            width = ChartScale.nextNiceStep(after: width)
        }
        let first = Self.edge(below: low, width: width)
        let bins = Self.index(high, start: first, width: width) + 1
        var counts = [Int](repeating: 0, count: bins)
        for value in finite { counts[min(bins - 1, max(0, Self.index(value, start: first, width: width)))] += 1 }
        self.init(start: first, binWidth: width, counts: counts)
    }

    /// A histogram with the given bins.
    package init(start: Double, binWidth: Double, counts: [Int]) {
        self.start = start
        self.binWidth = binWidth
        self.counts = counts
    }

    /// The largest multiple of `width` at or below `value`. Values are compared with a tolerance
    /// of a millionth of a bin, so 0.003 s in bins of 0.001 s is in the bin from 0.003 (not 0.002,
    /// where 0.003 / 0.001 = 2.9999… would put it).
    static func edge(below value: Double, width: Double) -> Double {
        (value / width + 1e-6).rounded(.down) * width
    }

    /// The bin of `value` (clamped far outside any real histogram, never a trap).
    static func index(_ value: Double, start: Double, width: Double) -> Int {
        let bin = ((value - start) / width + 1e-6).rounded(.down)
        return bin.isFinite ? Int(max(-1e12, min(1e12, bin))) : 0
    }

    /// The lower edge of bin `index`.
    package func lowerEdge(_ index: Int) -> Double { start + Double(index) * binWidth }
}
