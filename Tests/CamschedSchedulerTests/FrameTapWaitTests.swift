import CamschedCore
@testable import CamschedScheduler
import Foundation
import Testing

/// A client's wait for the next frame of a running stream is woken by that frame, by the
/// stream stopping or by its deadline — never by polling. The waits below that must be woken
/// have an hour's deadline: a wake that does not come fails them at the time limit, with no
/// timing assertion (the parallel unit run can hold a task back for seconds).
@Suite(.timeLimit(.minutes(2))) struct FrameTapWaitTests {
    static func streaming() -> FrameTap {
        let tap = FrameTap()
        tap.observe(RampSmallStepTests.grey(100, sequence: 0))
        return tap
    }

    @Test func theNextFrameWakesTheWaitingClientWithThatFrame() async throws {
        let tap = Self.streaming()
        async let waited = tap.nextFrame(timeout: .seconds(3600))
        // The client asks by setting the request flag; the next frame observed is copied.
        while !tap.wantsFrame { await Task.yield() }
        tap.observe(RampSmallStepTests.grey(50, sequence: 7))
        let frame = try #require(await waited)
        #expect(frame.sequence == 7)
    }

    @Test func aStreamThatStopsEndsTheWaitWithoutAFrame() async {
        let tap = Self.streaming()
        async let waited = tap.nextFrame(timeout: .seconds(3600))
        while !tap.wantsFrame { await Task.yield() }
        tap.paused()
        #expect(await waited == nil)
    }

    @Test func noFrameWithinTheTimeoutIsNil() async {
        let tap = Self.streaming()
        let started = ContinuousClock.now
        #expect(await tap.nextFrame(timeout: .milliseconds(200)) == nil)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
    }

    @Test func aCancelledClientStopsWaiting() async {
        let tap = Self.streaming()
        let client = Task { await tap.nextFrame(timeout: .seconds(3600)) }
        while !tap.wantsFrame { await Task.yield() }
        client.cancel()
        #expect(await client.value == nil)
    }
}
