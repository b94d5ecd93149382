@testable import CamschedReport
import Testing

@Suite struct ChartScaleTests {
    @Test func mapsTheDomainLinearlyOntoTheRange() {
        let x = ChartScale(lower: 0, upper: 10, from: 56, to: 628)
        #expect(x.position(0) == 56)
        #expect(x.position(10) == 628)
        #expect(x.position(5) == 342)
        #expect(x.position(2.5) == 199)
        // SVG's y grows downward: the top value maps to the top coordinate.
        let y = ChartScale(lower: 0, upper: 4, from: 184, to: 28)
        #expect(y.position(0) == 184)
        #expect(y.position(4) == 28)
        #expect(y.position(2) == 106)
    }

    @Test func coversTheValuesAndZero() {
        let scale = ChartScale(values: [12, 30, 29.5], from: 0, to: 100)
        #expect(scale.lower == 0 && scale.upper == 30)
        let noZero = ChartScale(values: [12, 30], includingZero: false, from: 0, to: 100)
        #expect(noZero.lower == 12 && noZero.upper == 30)
    }

    @Test func widensASingleValueSoItIsDrawable() {
        let zero = ChartScale(values: [0, 0], from: 0, to: 100)
        #expect(zero.lower == 0 && zero.upper == 1)
        let thirty = ChartScale(values: [30], includingZero: false, from: 0, to: 100)
        #expect(thirty.lower == 27 && thirty.upper == 33)
        #expect(thirty.position(30) == 50)
        let empty = ChartScale(values: [], from: 0, to: 100)
        #expect(empty.lower == 0 && empty.upper == 1)
        let notFinite = ChartScale(values: [.nan, .infinity, 2], from: 0, to: 100)
        #expect(notFinite.lower == 0 && notFinite.upper == 2)
    }

    @Test func ticksAreRoundValuesInsideTheDomain() {
        #expect(ChartScale(lower: 0, upper: 10, from: 0, to: 1).ticks(count: 5) == [0, 2, 4, 6, 8, 10])
        #expect(ChartScale(lower: 0, upper: 30, from: 0, to: 1).ticks(count: 5) == [0, 10, 20, 30])
        #expect(ChartScale(lower: 0, upper: 0.3, from: 0, to: 1).ticks(count: 3) == [0, 0.1, 0.2, 0.30000000000000004])
        #expect(ChartScale(lower: 3, upper: 17, from: 0, to: 1).ticks(count: 5) == [5, 10, 15])
    }

    @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(ChartScale.niceStep(span: 10, count: 5) == 2)
        #expect(ChartScale.niceStep(span: 7, count: 5) == 2)
        #expect(ChartScale.niceStep(span: 11, count: 5) == 5)
        #expect(ChartScale.niceStep(span: 30, count: 5) == 10)
        #expect(ChartScale.niceStep(span: 0.04, count: 20) == 0.002)
        #expect(ChartScale.niceStep(span: 0, count: 5) == 1)
        #expect(ChartScale.nextNiceStep(after: 1) == 2)
        #expect(ChartScale.nextNiceStep(after: 2) == 5)
        #expect(ChartScale.nextNiceStep(after: 5) == 10)
        #expect(ChartScale.nextNiceStep(after: 0.2) == 0.5)
    }

    @Test func aStepLineHoldsEachValueUntilTheNextPoint() {
        let x = ChartScale(lower: 0, upper: 10, from: 56, to: 628)
        let y = ChartScale(lower: 0, upper: 4, from: 184, to: 28)
        #expect(SVGChart.stepPath([(0, 0), (5, 2)], xScale: x, yScale: y, xEnd: 10) == "M56 184 H342 V106 H628")
        #expect(SVGChart.stepPath([(0, 4)], xScale: x, yScale: y, xEnd: 2.5) == "M56 28 H199")
        #expect(SVGChart.stepPath([], xScale: x, yScale: y, xEnd: 10) == "")
    }

    @Test func barsAndStepsAreSVGWithEscapedLabels() {
        let bars = SVGChart.bars(title: "<b>dropped</b>", bars: [("#0", 3), ("x<y", 1)], xLabel: "file")
        #expect(bars.hasPrefix("<figure class=\"chart\"><svg "))
        #expect(bars.components(separatedBy: "<rect class=\"bar\"").count - 1 == 2)
        #expect(bars.contains("&lt;b&gt;dropped&lt;/b&gt;") && !bars.contains("<b>"))
        #expect(bars.contains("x&lt;y"))
        let steps = SVGChart.steps(title: "fps", series: [ChartSeries(name: "a", colour: "#000", points: [(0, 30)])],
                                   xDomain: 0...2, xLabel: "s")
        #expect(steps.components(separatedBy: "<path class=\"series\"").count - 1 == 1)
    }
}
