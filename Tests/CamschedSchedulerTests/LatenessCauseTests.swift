import CamschedCapture
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: a skip warning said "running 5.04 s late" and not why. It now says what was
/// measured — the rate the camera delivers against the one asked, the frames a shot needs —
/// and what to change.
@Suite struct LatenessCauseTests {
    @Test func aCameraDeliveringLessThanAskedIsNamedWithTheRampsFramesAndTheFix() {
        let cause = LatenessCause(askedFPS: 30, deliveredFPS: 4.93, framesPerShot: 6, every: 1)
        let text = cause.text
        #expect(text.contains("the camera delivers 4.9 fps, not the 30 fps asked"), "\(text)")
        #expect(text.contains("meters and settles 6 frames before each shot: 1.22 s"), "\(text)")
        #expect(text.contains("more light") && text.contains("camera.size"), "\(text)")
        #expect(text.contains(#"capture.interval.every at least "1218ms""#), "\(text)")
    }

    @Test func aCameraTooSlowForTheIntervalIsToldToRunFasterOrShootLessOften() {
        let text = LatenessCause(askedFPS: 0.5, deliveredFPS: nil, framesPerShot: 1, every: 0.1).text
        #expect(text == #"the camera runs at 0.5 fps (a frame every 2.00 s), too slow for a shot every 0.10 s: raise camera.fps or make capture.interval.every at least "2s""#,
                "\(text)")
    }

    @Test func framesInTimePointElsewhereAndSilencePointsAtTheCamera() {
        let busy = LatenessCause(askedFPS: 30, deliveredFPS: 29.9, framesPerShot: 1, every: 1, silentSeconds: 0.01).text
        #expect(busy.contains("frames came at 30 fps") && busy.contains("busy machine"), "\(busy)")
        let silent = LatenessCause(askedFPS: 30, deliveredFPS: 30, framesPerShot: 1, every: 1, silentSeconds: 4).text
        #expect(silent.contains("sent no frame for 4.00 s"), "\(silent)")
        let unknown = LatenessCause(askedFPS: nil, deliveredFPS: nil, framesPerShot: 1, every: 1).text
        #expect(unknown.contains("capture.interval.every"), "\(unknown)")
    }

    /// An interval on a camera configured at 30 fps that delivers 4 (a webcam in low light):
    /// shots every 100 ms are skipped, and the warning names the measured rate.
    @Test func anIntervalMeasuresTheRateItsCameraDelivers() throws {
        let harness = try ModeHarness(CaptureModeTests.interval("\"every\": \"100ms\", \"count\": 20"), fps: 30)
        harness.stream.deliveredFPS = 4
        let mode = try harness.intervalMode()
        try mode.run(harness.stream)
        let state = harness.record.snapshot
        #expect(state.skippedShots > 0 && state.stillsFiled + state.skippedShots == 20, "\(state.stillsFiled) filed, \(state.skippedShots) skipped")
        let cause = try #require(state.lastSkipCause)
        #expect(cause.askedFPS == 30)
        let delivered = try #require(cause.deliveredFPS)
        #expect(abs(delivered - 4) < 0.05, "measured \(delivered) fps")
        #expect(cause.text.contains("the camera delivers 4 fps, not the 30 fps asked"), "\(cause.text)")
    }
}
