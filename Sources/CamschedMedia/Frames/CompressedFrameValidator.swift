import CamschedCore

/// Tells a camera's compressed frames that are whole from damaged ones before anything files,
/// decodes or shows them: an MJPEG camera's USB transfer cut short, a buffer whose tail was
/// never written (zeros), a network part that is not a picture at all. A decoder conceals such
/// damage (grey blocks, a smeared picture) and would have them filed as good stills or copied
/// into a recording.
///
/// The checks are structural, cheap enough for every frame of 1080p at 30 fps (about one
/// `memchr` pass over a JPEG's scan, a look at each H.264 NAL unit's header):
/// - **JPEG** (``jpegDamage(_:)``): SOI, marker segments that fit, one frame header (SOF), a
///   scan whose components it names, entropy-coded data that ends in a marker, and EOI.
///   libjpeg-turbo's header read was considered: it checks nothing the walk does not, and stops
///   at the first scan, so it never sees a frame cut off after it.
/// - **H.264** (``h264Structure(_:)``): Annex B NAL units with a clear forbidden_zero_bit and a
///   NAL unit type a stream may carry, a parsable slice header, at least one slice, and no
///   zero-filled tail. A slice cut off inside its entropy-coded data cannot be told without
///   decoding it; the decoder conceals that one.
///
/// An H.264 frame depends on the frames before it: after a damaged one, the frames up to the
/// next keyframe (an IDR picture, or a recovery point) reference what was dropped, so they are
/// refused too (``Verdict/awaitingKeyframe``). Raw pixel formats are not checked. Use from one
/// thread (it remembers whether the H.264 stream needs a keyframe).
package struct CompressedFrameValidator: Sendable {
    /// What the validator says of a frame.
    package enum Verdict: Equatable, Sendable {
        /// Whole: hand it on.
        case good
        /// Damaged, with why (for the log).
        case damaged(String)
        /// Whole, but an H.264 frame that references a frame dropped before it: refused up to
        /// the next keyframe.
        case awaitingKeyframe
    }

    /// The compressed formats that are checked.
    package static let checkedFormats: [FourCC] = [.mjpg, .jpeg, .h264]

    package let format: FourCC
    /// H.264: a frame was refused, and no keyframe has come since.
    package private(set) var needsKeyframe = false

    package init(format: FourCC) {
        self.format = format
    }

    /// Whether frames of `format` are checked (compressed ones).
    package static func checks(_ format: FourCC) -> Bool { checkedFormats.contains(format) }

    /// The verdict on the next frame of the stream, `bytes` (one whole frame as delivered).
    package mutating func check(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        switch format {
        case .mjpg, .jpeg:
            return Self.jpegDamage(bytes).map(Verdict.damaged) ?? .good
        case .h264:
            let found = Self.h264Structure(bytes)
            if let damage = found.damage {
                needsKeyframe = true
                return .damaged(damage)
            }
            if needsKeyframe && !found.isKeyframe { return .awaitingKeyframe }
            needsKeyframe = false
            return .good
        default:
            return .good
        }
    }
}
