import Testing
import CamschedV4L2

struct V4L2FractionTests {
    @Test func wholeRatesBecomeOneOverTheRate() {
        #expect(V4L2Fraction(framesPerSecond: 30) == .init(numerator: 1, denominator: 30))
        #expect(V4L2Fraction(framesPerSecond: 5) == .init(numerator: 1, denominator: 5))
    }

    @Test func fractionalRatesKeepThreeDecimals() {
        #expect(V4L2Fraction(framesPerSecond: 29.97) == .init(numerator: 1000, denominator: 29970))
        #expect(V4L2Fraction(framesPerSecond: 0.5) == .init(numerator: 1000, denominator: 500))
    }

    @Test func convertsBetweenIntervalAndRate() {
        let interval = V4L2Fraction(numerator: 1001, denominator: 30000)
        #expect(abs(interval.framesPerSecond - 29.97) < 0.001)
        #expect(abs(interval.value - 0.033366) < 0.000001)
        #expect(V4L2Fraction(numerator: 0, denominator: 0).framesPerSecond == 0)
        #expect(interval.description == "1001/30000")
    }

    @Test func sizeRangeChecksBoundsAndSteps() {
        let range = V4L2SizeRange(minWidth: 16, maxWidth: 1920, stepWidth: 8, minHeight: 16, maxHeight: 1080, stepHeight: 2)
        #expect(range.contains(width: 640, height: 360))
        #expect(!range.contains(width: 641, height: 360))
        #expect(!range.contains(width: 2000, height: 360))
    }
}
