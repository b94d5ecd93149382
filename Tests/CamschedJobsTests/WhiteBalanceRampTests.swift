import CamschedCore
import Testing

/// Grey world for `whiteBalance: "ramp"`: a blue cast raises the temperature, a red one lowers
/// it, by at most `maxStep` a shot, nothing inside the dead band.
@Suite struct WhiteBalanceRampTests {
    let ramp = WhiteBalanceRamp()

    @Test func aCastMovesTheTemperatureInBoundedSteps() {
        #expect(ramp.next(kelvin: 4600, blueCast: 0.01, redCast: -0.01) == 4680)
        #expect(ramp.next(kelvin: 4600, blueCast: -0.01, redCast: 0.01) == 4520)
        #expect(ramp.next(kelvin: 4600, blueCast: 0.3, redCast: -0.3) == 4700)
        #expect(ramp.next(kelvin: 4600, blueCast: -0.3, redCast: 0.3) == 4500)
    }

    @Test func aNeutralFrameLeavesItAlone() {
        #expect(ramp.next(kelvin: 5200, blueCast: 0.004, redCast: -0.004) == 5200)
        #expect(ramp.next(kelvin: 5200, blueCast: 0.2, redCast: 0.2) == 5200)
        #expect(ramp.next(kelvin: 5200, blueCast: .nan, redCast: 0) == 5200)
    }
}
