/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast, seedable generator — for the test
/// camera's pattern and sensor noise, so its frames are the same on every run, and for tests
/// that draw the same cases on every run; not for secrets.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// About normally distributed, mean 0 and standard deviation 1: the sum of four uniform
    /// 16-bit parts of one draw (Irwin–Hall), which is within 0.01 of a normal's distribution.
    package mutating func nextNormal() -> Double {
        let bits = next()
        let sum = (bits & 0xFFFF) + (bits >> 16 & 0xFFFF) + (bits >> 32 & 0xFFFF) + (bits >> 48)
        // Four uniforms on 0…65535: mean 131070, variance 4 · (65536² − 1) / 12.
        return (Double(sum) - 131_070) / 37_837.2
    }
}
