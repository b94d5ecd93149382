@testable import CamschedScheduler
import Testing

/// Whole GOPs of a copied H.264 stream left out under pressure: what is kept still decodes
/// (every kept run starts at a keyframe and holds its whole GOP), at the rate asked over time.
@Suite struct GOPRateLimiterTests {
    /// Frame `n` of a 30 fps stream with a keyframe every `gop` frames, through `limiter`.
    static func run(_ limiter: inout GOPRateLimiter, frames: Range<Int>, gop: Int) -> [Int] {
        frames.filter { n in
            limiter.admit(timestamp: Int64(n) * 33_333_333, isKeyframe: n % gop == 0)
        }
    }

    @Test func aThirdOfTheRateKeepsOneGOPInThree() {
        var limiter = GOPRateLimiter()
        limiter.set(fps: 10, requested: 30)
        let kept = Self.run(&limiter, frames: 0..<300, gop: 10)
        #expect(kept.count == 100)
        // Whole GOPs only: frames 0-9, 30-39, 60-69, …
        #expect(kept == (0..<10).flatMap { g in (g * 30)..<(g * 30 + 10) })
    }

    @Test func halfTheRateWithLongGOPsKeepsEveryOtherGOP() {
        var limiter = GOPRateLimiter()
        limiter.set(fps: 15, requested: 30)
        let kept = Self.run(&limiter, frames: 0..<450, gop: 45)
        #expect(kept.count == 225)
        #expect(Set(kept.map { $0 / 45 }) == [0, 2, 4, 6, 8])
    }

    @Test func aThrottleThatStartsOrEndsMidGOPChangesOnlyAtAKeyframe() {
        var limiter = GOPRateLimiter()
        // Not throttled: everything passes.
        #expect(Self.run(&limiter, frames: 0..<25, gop: 10).count == 25)
        limiter.set(fps: 10, requested: 30)
        // The GOP in progress (20-29) is kept whole; from 30 on one GOP in three.
        let throttled = Self.run(&limiter, frames: 25..<95, gop: 10)
        #expect(throttled == Array(25..<40) + Array(60..<70) + Array(90..<95))
        limiter.set(fps: nil, requested: 30)
        // Back to full rate in the middle of a kept GOP: it goes on, and so does every GOP after.
        #expect(Self.run(&limiter, frames: 95..<130, gop: 10) == Array(95..<130))
    }

    @Test func fullRateMidwayThroughALeftOutGOPWaitsForTheNextKeyframe() {
        var limiter = GOPRateLimiter()
        limiter.set(fps: 10, requested: 30)
        #expect(Self.run(&limiter, frames: 0..<15, gop: 10) == Array(0..<10))
        limiter.set(fps: nil, requested: 30)
        // Frames 15-19 belong to a GOP whose keyframe was left out: they could not be decoded.
        #expect(Self.run(&limiter, frames: 15..<30, gop: 10) == Array(20..<30))
    }
}
