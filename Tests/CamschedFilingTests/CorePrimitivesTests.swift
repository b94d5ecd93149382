import CamschedCore
import Dispatch
import Glibc
import SystemPackage
import Testing

/// The primitives every layer shares: the one errno path, the one back-off, the one RFC 3339 codec.
@Suite struct CorePrimitivesTests {
    @Test func anInterruptedCallIsMadeAgainAndAnyOtherFailureIsItsErrno() throws {
        var calls = 0
        let interruptedTwice = SystemCall.valueOrErrno { () -> Int32 in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 5
        }
        #expect(calls == 3)
        #expect(try interruptedTwice.get() == 5)
        calls = 0
        let missing = SystemCall.valueOrErrno { () -> Int in
            calls += 1
            errno = ENOENT
            return -1
        }
        #expect(calls == 1)
        #expect(missing.errnoCode == ENOENT)
        guard case .failure(.noSuchFileOrDirectory) = missing else { Issue.record("\(missing)"); return }
        var numbered = 0
        #expect(SystemCall.errorNumber { numbered += 1; return numbered < 2 ? EINTR : 0 } == 0 && numbered == 2)
    }

    @Test func aBackoffDoublesUpToItsLongestAndStartsAgainAfterASuccess() {
        var backoff = Backoff(first: .milliseconds(500), longest: .seconds(5))
        let waits = (0..<6).map { _ in backoff.next() }
        #expect(waits == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        backoff.reset()
        #expect(backoff.nextSeconds() == 0.5)
        #expect(backoff.nextSeconds() == 1)
    }

    @Test func timestampsAreReadInAnyOffsetAndWrittenInUTCWithMilliseconds() throws {
        let date = try #require(RFC3339Timestamp.date(from: "2026-06-21T05:00:00.5+02:00"))
        #expect(RFC3339Timestamp.string(from: date) == "2026-06-21T03:00:00.500Z")
        #expect(RFC3339Timestamp.date(from: "2026-06-21T03:00:00Z").map(RFC3339Timestamp.string(from:)) == "2026-06-21T03:00:00.000Z")
        #expect(RFC3339Timestamp.date(from: "21 June 2026") == nil)
    }

    @Test func aLatchWakesEveryWaiterOnceOpenAndStaysOpen() async {
        let latch = Latch()
        #expect(!latch.wait(until: .now() + .milliseconds(50)), "closed: the wait ends at its deadline")
        async let first = latch.wait(seconds: 30)
        async let second = latch.wait(seconds: 30)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { latch.open() }
        let (one, two) = await (first, second)
        #expect(one && two)
        latch.open()
        #expect(latch.isOpen && latch.wait(until: .now()))
    }
}
