@testable import CamschedReport
import Testing

@Suite struct HistogramTests {
    @Test func countsEachValueInItsBinAndTheTopValueInTheLast() {
        // Span 10 in ≤ 20 bins: 0.5 wide would need 21 bins (10 is a bin's lower edge), so 1.
        let histogram = Histogram(values: [0, 0.5, 1, 1.2, 3, 9.99, 10], maxBins: 20)
        #expect(histogram.start == 0)
        #expect(histogram.binWidth == 1)
        #expect(histogram.counts == [2, 2, 0, 1, 0, 0, 0, 0, 0, 1, 1])
        #expect(histogram.counts.reduce(0, +) == 7)
    }

    @Test func theFirstEdgeIsAMultipleOfTheWidth() {
        let histogram = Histogram(values: [3, 3, 4, 7], maxBins: 20)
        #expect(histogram.binWidth == 0.5)
        #expect(histogram.start == 3)
        #expect(histogram.counts == [2, 0, 1, 0, 0, 0, 0, 0, 1])
        let shifted = Histogram(values: [12, 13, 27], maxBins: 4)
        #expect(shifted.binWidth == 5)
        #expect(shifted.start == 10)
        #expect(shifted.counts == [2, 0, 0, 1])
        #expect(shifted.lowerEdge(3) == 25)
    }

    @Test func edgesHoldDespiteBinaryFractions() {
        // 0.003 / 0.001 is 2.9999999999999996 in binary: it still belongs to the bin from 0.003.
        let histogram = Histogram(values: [0.001, 0.002, 0.003, 0.0031], maxBins: 20)
        #expect(histogram.binWidth == 0.0002)
        #expect(histogram.counts == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2])
        let coarse = Histogram(values: [0.001, 0.002, 0.003], maxBins: 3)
        #expect(coarse.binWidth == 0.001)
        #expect(coarse.counts == [1, 1, 1])
    }

    @Test func oneValueNoValueAndNonFiniteValues() {
        let one = Histogram(values: [5, 5, 5])
        #expect(one.start == 5 && one.binWidth == 1 && one.counts == [3])
        #expect(Histogram(values: []).counts == [])
        #expect(Histogram(values: [.nan, 1, .infinity]).counts == [1])
        let negative = Histogram(values: [-3, -1, 0], maxBins: 3)
        #expect(negative.start == -4 && negative.binWidth == 2 && negative.counts == [1, 1, 1])
    }
}
