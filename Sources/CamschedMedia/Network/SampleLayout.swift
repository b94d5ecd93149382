/// How a decoder lays out its samples (libavcodec's `AVSampleFormat` as Swift sees it): the
/// type of one sample, and whether each channel has a plane of its own. What a network
/// camera's decoded sound is turned into 16-bit interleaved samples from: AAC and Opus
/// decoders give planar or packed floats, G.711 signed 16-bit.
package struct SampleLayout: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case u8, s16, s32, float, double }
    package var kind: Kind
    package var planar: Bool

    package init(_ kind: Kind, planar: Bool) {
        self.kind = kind
        self.planar = planar
    }

    /// Bytes of one sample.
    package var bytes: Int {
        switch kind {
        case .u8: return 1
        case .s16: return 2
        case .s32, .float: return 4
        case .double: return 8
        }
    }

    /// `frames` sample frames of `channels` channels from `planes` (one for packed samples,
    /// one a channel for planar), as signed 16-bit, interleaved; floats beyond ±1 are clipped.
    package func interleavedInt16(planes: [UnsafeRawPointer], frames: Int, channels: Int) -> [Int16] {
        precondition(planes.count >= (planar ? channels : 1), "a plane is missing")
        var out = [Int16](repeating: 0, count: frames * channels)
        for channel in 0..<channels {
            let plane = planar ? planes[channel] : planes[0]
            let (first, step) = planar ? (0, 1) : (channel, channels)
            for frame in 0..<frames {
                out[frame * channels + channel] = sample(plane, at: first + frame * step)
            }
        }
        return out
    }

    private func sample(_ plane: UnsafeRawPointer, at index: Int) -> Int16 {
        switch kind {
        case .u8: return Int16(Int(plane.load(fromByteOffset: index, as: UInt8.self)) - 128) << 8
        case .s16: return plane.loadUnaligned(fromByteOffset: index * 2, as: Int16.self)
        case .s32: return Int16(truncatingIfNeeded: plane.loadUnaligned(fromByteOffset: index * 4, as: Int32.self) >> 16)
        case .float: return Self.clipped(Double(plane.loadUnaligned(fromByteOffset: index * 4, as: Float.self)))
        case .double: return Self.clipped(plane.loadUnaligned(fromByteOffset: index * 8, as: Double.self))
        }
    }

    /// A float sample (full scale ±1) as 16 bits.
    static func clipped(_ value: Double) -> Int16 {
        guard value.isFinite else { return 0 }
        return Int16(max(-32768, min(32767, (value * 32767).rounded())))
    }
}
