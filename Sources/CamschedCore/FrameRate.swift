/// Frame-rate arithmetic that never traps: a rate a camera, a file or a URI reports — however
/// small, large, infinite or NaN — becomes a period or a count within bounds, instead of a
/// `Double` → `Int64` conversion that crashes the process (issue 26: `test:?fps=1e-300`).
package enum FrameRate {
    /// The rates camsched works with: one frame in 1,000 s to a million per second. A reported
    /// rate outside it is clamped to it; URIs and job files have tighter, documented ranges.
    package static let workable: ClosedRange<Double> = 0.001...1_000_000

    /// `fps` within ``workable``; `fallback` for NaN.
    package static func sanitized(_ fps: Double, fallback: Double = 30) -> Double {
        guard !fps.isNaN else { return fallback }
        return min(max(fps, workable.lowerBound), workable.upperBound)
    }

    /// Nanoseconds from one frame to the next at `fps` (after ``sanitized(_:fallback:)``): at
    /// least 1, at most 10^12.
    package static func periodNanoseconds(_ fps: Double) -> Int64 {
        Int64((1_000_000_000 / sanitized(fps)).rounded())
    }
}
