import CamschedCore
import Foundation
import Testing

/// The exposure ramp's controller: exact steps toward the target, at most `maxStep` EV a shot,
/// exposure time before gain going up and gain before exposure time going down, clipped
/// measurements, the dead band and the limits.
@Suite struct ExposureRampTests {
    let ramp = ExposureRamp(limits: .init(target: 0.45, minExposure: 0.0001, maxExposure: 1, maxGain: 16, maxStep: 0.3))
    typealias Setting = ExposureRamp.Setting

    func close(_ a: Setting, _ b: Setting) -> Bool {
        abs(a.exposure - b.exposure) < 1e-12 * max(1, b.exposure) && abs(a.gain - b.gain) < 1e-12 * b.gain
    }

    @Test func aSmallErrorIsCorrectedWhole() {
        // 0.1 EV too dark: exposure time × 2^0.1, gain untouched.
        let next = ramp.next(brightness: 0.45 / pow(2, 0.1), current: Setting(exposure: 0.01, gain: 1))
        #expect(close(next, Setting(exposure: 0.01 * pow(2, 0.1), gain: 1)), "\(next)")
    }

    @Test func aLargeErrorMovesAtMostMaxStep() {
        let up = ramp.next(brightness: 0.45 / 8, current: Setting(exposure: 0.01, gain: 1))
        #expect(close(up, Setting(exposure: 0.01 * pow(2, 0.3), gain: 1)), "\(up)")
        let down = ramp.next(brightness: 0.9, current: Setting(exposure: 0.01, gain: 1))
        #expect(close(down, Setting(exposure: 0.01 / pow(2, 0.3), gain: 1)), "\(down)")
    }

    @Test func goingUpFillsTheExposureTimeBeforeTheGain() {
        // 0.3 EV wanted, 0.1 EV of exposure time left: the rest (0.2 EV) is gain.
        let start = Setting(exposure: 1 / pow(2, 0.1), gain: 1)
        let next = ramp.next(brightness: 0.1, current: start)
        #expect(close(next, Setting(exposure: 1, gain: pow(2, 0.2))), "\(next)")
        // From there on only the gain rises, up to maxGain.
        var setting = next
        for _ in 0..<100 { setting = ramp.next(brightness: 0.1, current: setting) }
        #expect(close(setting, Setting(exposure: 1, gain: 16)), "\(setting)")
    }

    @Test func goingDownDropsTheGainBeforeTheExposureTime() {
        let start = Setting(exposure: 1, gain: pow(2, 0.1))
        let next = ramp.next(brightness: 0.9, current: start)
        #expect(close(next, Setting(exposure: 1 / pow(2, 0.2), gain: 1)), "\(next)")
        let more = ramp.next(brightness: 0.9, current: Setting(exposure: 0.5, gain: 4))
        #expect(close(more, Setting(exposure: 0.5, gain: 4 / pow(2, 0.3))), "\(more)")
    }

    @Test func clippedFramesMoveTheWholeStep() {
        #expect(ramp.step(for: 1) == -0.3)
        #expect(ramp.step(for: 0.99) == -0.3)
        #expect(ramp.step(for: 0) == 0.3)
        #expect(ramp.step(for: 0.005) == 0.3)
        #expect(ramp.step(for: .nan) == 0)
        let white = ramp.next(brightness: 1, current: Setting(exposure: 0.2, gain: 2))
        #expect(close(white, Setting(exposure: 0.2, gain: 2 / pow(2, 0.3))), "\(white)")
    }

    @Test func insideTheDeadBandNothingChanges() {
        let current = Setting(exposure: 0.02, gain: 1.5)
        #expect(ramp.next(brightness: 0.45 * pow(2, 0.0099), current: current) == current)
        #expect(ramp.next(brightness: 0.45 / pow(2, 0.0099), current: current) == current)
        #expect(ramp.next(brightness: 0.45, current: current) == current)
        let out = ramp.next(brightness: 0.45 / pow(2, 0.011), current: current)
        #expect(close(out, Setting(exposure: 0.02 * pow(2, 0.011), gain: 1.5)), "\(out)")
    }

    @Test func theLimitsHold() {
        // At the top and the bottom nothing moves further.
        let top = Setting(exposure: 1, gain: 16)
        #expect(ramp.next(brightness: 0, current: top) == top)
        let bottom = Setting(exposure: 0.0001, gain: 1)
        #expect(ramp.next(brightness: 1, current: bottom) == bottom)
        // A camera outside the limits (its own auto exposure ran) is brought inside first.
        let outside = ramp.next(brightness: 0.45, current: Setting(exposure: 3, gain: 40))
        #expect(outside == Setting(exposure: 1, gain: 16))
        let below = ramp.next(brightness: 0.45, current: Setting(exposure: 0.00001, gain: 0.5))
        #expect(below == Setting(exposure: 0.0001, gain: 1))
    }

    @Test func aCoarseExposureStepIsMadeUpWithGain() {
        // Noon: 4.6 units of 100 µs wanted: 4 units and the rest (15 %) in gain.
        let noon = ramp.split(0.00046, exposureStep: 0.0001, hasGain: true)
        #expect(abs(noon.exposure - 0.0004) < 1e-12 && abs(noon.gain - 1.15) < 1e-9, "\(noon)")
        // Without gain: the nearest step.
        let bare = ramp.split(0.00046, exposureStep: 0.0001, hasGain: false)
        #expect(abs(bare.exposure - 0.0005) < 1e-12 && bare.gain == 1, "\(bare)")
        // A whole number of steps stays whole, gain 1; beyond maxExposure it is gain.
        let whole = ramp.split(0.5, exposureStep: 0.0001, hasGain: true)
        #expect(abs(whole.exposure - 0.5) < 1e-12 && abs(whole.gain - 1) < 1e-9, "\(whole)")
        #expect(ramp.split(4, exposureStep: 0.0001, hasGain: true) == Setting(exposure: 1, gain: 4))
        #expect(ramp.split(100, exposureStep: 0.0001, hasGain: true) == Setting(exposure: 1, gain: 16))
        #expect(ramp.split(0.00001, exposureStep: 0.0001, hasGain: true) == Setting(exposure: 0.0001, gain: 1))
    }

    @Test func aRampConvergesOnAFixedSceneWithinTheDeadBand() {
        // A scene where brightness = exposure × gain × 30 (clipped): from dark, steps of
        // exactly 0.3 EV until the error is smaller, then one step onto the target.
        var setting = Setting(exposure: 0.0001, gain: 1)
        var steps = 0
        func brightness(_ s: Setting) -> Double { min(1, s.product * 30) }
        while abs(log2(0.45 / brightness(setting))) > ramp.limits.deadBand, steps < 100 {
            setting = ramp.next(brightness: brightness(setting), current: setting)
            steps += 1
        }
        // log2(0.015 / 0.0001) = 7.229 EV: 24 whole steps and a last one of 0.029 EV.
        #expect(steps == 25)
        #expect(abs(brightness(setting) - 0.45) < 0.45 * 1e-9)
        #expect(setting.gain == 1)
    }
}
