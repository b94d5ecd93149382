@testable import CamschedCapture
import CamschedCore
import CamschedMedia
import Foundation
import Testing

/// The day scene's own auto exposure behaves as a webcam's does: it lags, overshoots, and hunts
/// at low light, with exposure limited to the frame period and then gain.
@Suite struct WebcamAutoExposureTests {
    typealias Day = DaySceneCamera

    /// Frames' whole-picture brightness (as the auto exposure meters it) after switching a
    /// camera from manual `exposure` to auto exposure.
    static func stepResponse(fromExposure exposure: Int64, frames: Int, key: String = #function) throws -> [Double] {
        let day = try Day("start=\(Day.rfc3339(Day.noon))", key: key)
        try day.manual(exposure: exposure)
        _ = try day.next()
        _ = try day.camera.setControl(.name("auto_exposure"), to: .integer(V4L2ControlTable.exposureModeAperturePriority))
        return try (0..<frames).map { _ in Day.frameMean(try day.next()) }
    }

    @Test func aStepIsAnsweredLateAndOvershoots() throws {
        // Four times too bright (20 × 100 µs at noon: mostly clipped), then auto: the frames stay
        // too bright for a while, then fall below the target before they settle on it.
        let bright = try Self.stepResponse(fromExposure: 20, frames: 60)
        let target = try #require(bright.last)
        #expect(bright.prefix(3).allSatisfy { $0 > 1.8 * target }, "first frames \(bright.prefix(4))")
        let lowest = try #require(bright.dropFirst(3).min())
        #expect(lowest < 0.9 * target, "no overshoot below \(target): \(bright)")
        #expect(bright.suffix(10).allSatisfy { abs($0 / target - 1) < 0.05 }, "not settled: \(bright.suffix(10))")
        #expect(abs(target - 0.45) < 0.05, "settled at \(target)")
        // Five times too dark: the overshoot goes above.
        let dark = try Self.stepResponse(fromExposure: 1, frames: 60)
        let settled = try #require(dark.last)
        #expect(dark.prefix(3).allSatisfy { $0 < 0.5 * settled }, "first frames \(dark.prefix(4))")
        #expect(try #require(dark.max()) > 1.1 * settled, "no overshoot above \(settled): \(dark)")
    }

    @Test func itHuntsAtLowLightAndHoldsStillByDay() throws {
        func variation(at start: Date, key: String) throws -> (median: Double, gain: Int64) {
            let day = try Day("start=\(Day.rfc3339(start))", key: key)
            for _ in 0..<80 { _ = try day.next() }  // settle
            var (changes, previous, gain) = ([Double](), -1.0, Int64(0))
            for _ in 0..<60 {
                let frame = try day.next()
                let brightness = Day.frameMean(frame)
                if previous > 0 { changes.append(abs(brightness / previous - 1)) }
                (previous, gain) = (brightness, Day.control(frame, "gain") ?? 0)
            }
            return (changes.sorted()[changes.count / 2], gain)
        }
        // Dusk, the sun 2° below the horizon: high gain, a noisy meter, steps of 1/8×.
        let dusk = try variation(at: Day.afterNoon(below: -2), key: "dusk")
        let noon = try variation(at: Day.noon, key: "noon")
        #expect(dusk.gain >= 400, "gain at dusk \(dusk.gain)")
        #expect(dusk.median > 0.02, "median frame-to-frame change at dusk \(dusk.median)")
        #expect(noon.median < 0.005, "median frame-to-frame change at noon \(noon.median)")
    }

    @Test func exposureStopsAtTheFramePeriodThenGainRises() throws {
        let night = Day.noon + 12 * 3600
        let day = try Day("start=\(Day.rfc3339(night))&fps=25", key: "night")
        var frame = try day.next()
        for _ in 0..<60 { frame = try day.next() }
        #expect(Day.control(frame, "exposure_time_absolute") == 400, "\(frame.metadata.controls)")
        #expect(Day.control(frame, "gain") == 1600)
        // Without auto gain, gain stays where it was set.
        _ = try day.camera.setControl(.meaning(.autoGain), to: .boolean(false))
        _ = try day.camera.setControl(.meaning(.gain), to: .integer(250))
        for _ in 0..<5 { frame = try day.next() }
        #expect(Day.control(frame, "gain") == 250)
        #expect(Day.control(frame, "exposure_time_absolute") == 400)
    }

    @Test func theModelAloneOvershootsAfterItsLag() {
        // The controller on a plant of its own: brightness = 0.45 × exposure·gain / 1 ms.
        var auto = WebcamAutoExposure(starting: SensorExposure(seconds: 0.004, gainFactor: 1))
        var seen: [Double] = []
        for frame in 0..<40 {
            let brightness = min(1, 0.45 * auto.exposure.product / 0.001)
            seen.append(brightness)
            auto.observe(meanLuma: 16 + 219 * brightness, frameNumber: UInt32(frame), framePeriod: 1 / 30.0,
                         autoGain: true, manualGain: 1)
        }
        #expect(seen.prefix(3).allSatisfy { $0 == 1 })
        #expect(seen.min() ?? 1 < 0.4 && abs((seen.last ?? 0) - 0.45) < 0.03, "\(seen)")
    }
}
