@testable import CamschedStatus
import NIOCore
import Testing

/// The status page's login throttle, on an injected clock: five wrong tries a client, then 429
/// until a try comes back (one every 10 s); others are not affected; memory is bounded; one
/// summary line a period.
@Suite struct LoginThrottleTests {
    static let start = ContinuousClock.now

    static func client(_ index: Int) -> LoginClient {
        LoginClient(bytes: [10, 1, UInt8(index >> 8), UInt8(index & 0xff)])
    }

    @Test func fiveWrongTriesThenTooManyRequestsUntilATryComesBack() {
        let throttle = LoginThrottle()
        let guesser = Self.client(1), other = Self.client(2)
        for _ in 0..<5 { #expect(throttle.check(guesser, matches: false, now: Self.start) == .wrong) }
        #expect(throttle.check(guesser, matches: false, now: Self.start) == .throttled(retryAfter: 10))
        #expect(throttle.check(guesser, matches: true, now: Self.start) == .throttled(retryAfter: 10), "not even the right token is checked")
        #expect(throttle.check(other, matches: true, now: Self.start) == .right, "another client is served")
        #expect(throttle.check(guesser, matches: false, now: Self.start + .seconds(4)) == .throttled(retryAfter: 6))
        #expect(throttle.check(guesser, matches: true, now: Self.start + .seconds(10)) == .right)
        #expect(throttle.check(guesser, matches: false, now: Self.start + .seconds(10)) == .wrong)
        #expect(throttle.check(guesser, matches: false, now: Self.start + .milliseconds(10_500)) == .throttled(retryAfter: 10))
    }

    @Test func theTableIsBoundedAndForgetsTheGuesserSeenLongestAgo() {
        let throttle = LoginThrottle()
        let first = LoginClient(bytes: [192, 0, 2, 1])
        for _ in 0..<5 { _ = throttle.check(first, matches: false, now: Self.start) }
        for index in 0..<LoginThrottle.capacity {
            _ = throttle.check(Self.client(index), matches: false, now: Self.start + .milliseconds(index + 1))
        }
        #expect(throttle.remembered == LoginThrottle.capacity)
        #expect(throttle.check(first, matches: false, now: Self.start + .seconds(2)) == .wrong, "the oldest was forgotten")
        #expect(throttle.remembered == LoginThrottle.capacity)
    }

    @Test func oneSummaryLineAPeriodNotOneAGuess() throws {
        let throttle = LoginThrottle()
        #expect(throttle.takeSummary(now: Self.start, force: true) == nil, "nothing to say")
        for index in 0..<200 {
            for _ in 0..<6 { _ = throttle.check(Self.client(index), matches: false, now: Self.start) }
        }
        #expect(throttle.takeSummary(now: Self.start + .seconds(30)) == nil, "not before the period is over")
        let line = try #require(throttle.takeSummary(now: Self.start + .seconds(60)))
        #expect(line.contains("1000 wrong logins from 200 clients in the last minute"), "\(line)")
        #expect(line.contains("200 more answered 429"), "\(line)")
        #expect(throttle.takeSummary(now: Self.start + .seconds(200), force: true) == nil, "the next period starts empty")
    }

    @Test func anIPv6ClientIsItsSlash64AndAMappedIPv4ClientItsIPv4Address() throws {
        let one = LoginClient(try SocketAddress(ipAddress: "2001:db8:1:2::1", port: 1))
        let two = LoginClient(try SocketAddress(ipAddress: "2001:db8:1:2:ffff::9", port: 2))
        #expect(one == two && one.description == "2001:db8:1:2::/64", "\(one)")
        #expect(LoginClient(try SocketAddress(ipAddress: "::ffff:192.0.2.7", port: 3)).description == "192.0.2.7")
        #expect(LoginClient(try SocketAddress(ipAddress: "192.0.2.7", port: 4)) == LoginClient(bytes: [192, 0, 2, 7]))
    }
}
