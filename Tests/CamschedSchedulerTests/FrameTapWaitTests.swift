import CamschedCore
@testable import CamschedScheduler
import Foundation
import Testing

/// A client's wait for the next frame of a running stream is woken by that frame, by the
/// stream stopping or by its deadline — never by polling.
@Suite struct FrameTapWaitTests {
    static func streaming() -> FrameTap {
        let tap = FrameTap()
        tap.observe(RampSmallStepTests.grey(100, sequence: 0))
        return tap
    }

    @Test func theNextFrameWakesTheWaitingClientWithThatFrame() async throws {
        let tap = Self.streaming()
        async let waited = tap.nextFrame(timeout: .seconds(10))
        // The client asks by setting the request flag; the next frame observed is copied.
        while !tap.wantsFrame { await Task.yield() }
        tap.observe(RampSmallStepTests.grey(50, sequence: 7))
        let frame = try #require(await waited)
        #expect(frame.sequence == 7)
    }

    @Test func aStreamThatStopsEndsTheWaitAtOnceWithoutAFrame() async {
        let tap = Self.streaming()
        let started = ContinuousClock.now
        async let waited = tap.nextFrame(timeout: .seconds(10))
        while !tap.wantsFrame { await Task.yield() }
        tap.paused()
        #expect(await waited == nil)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func noFrameWithinTheTimeoutIsNil() async {
        let tap = Self.streaming()
        let started = ContinuousClock.now
        #expect(await tap.nextFrame(timeout: .milliseconds(200)) == nil)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
    }

    @Test func aCancelledClientStopsWaiting() async {
        let tap = Self.streaming()
        let client = Task { await tap.nextFrame(timeout: .seconds(10)) }
        while !tap.wantsFrame { await Task.yield() }
        client.cancel()
        #expect(await client.value == nil)
    }
}
