import Foundation

/// The test microphone's sound, which carries the time it was made so tests can measure sync
/// and continuity from a file: sample frame n is the instant n / rate s of the monotonic
/// clock; each whole second starts with a 5 ms click (4 kHz, loud), and the rest of the second
/// is a quiet tone whose pitch names the second (``pitch(ofSecond:)``).
package enum TestToneSignal {
    /// Sample frames of a click at `rate`.
    package static func clickFrames(rate: Int) -> Int64 { Int64(rate / 200) }

    /// The tone's pitch in the `second`th second of the monotonic clock: 300 to 680 Hz.
    package static func pitch(ofSecond second: Int64) -> Double { 300 + 20 * Double(second % 20) }

    /// Sample frame `n` (every channel the same).
    package static func sample(frame n: Int64, rate: Int) -> Int16 {
        let second = n / Int64(rate)
        let within = n % Int64(rate)
        let t = Double(within) / Double(rate)
        if within < clickFrames(rate: rate) { return Int16(26_000 * sin(2 * Double.pi * 4_000 * t)) }
        return Int16(3_000 * sin(2 * Double.pi * pitch(ofSecond: second) * t))
    }
}
