import Foundation

/// Where a ``MovieRecorder`` cuts its stream of packets into files — the one difference
/// between a recording and a trigger job's clips. Either way a file starts at a keyframe, so
/// every file plays from its first packet, and consecutive files of one stream never share or
/// lose a packet.
package enum CutPolicy: Sendable, Equatable {
    /// A recording: a file is always open. The first frame at or past each boundary of a grid
    /// of `lengthNanoseconds` from the recording's first frame is encoded as a keyframe and
    /// starts the next file (nil: one file for the whole recording). With `clockZone` the grid
    /// is the wall clock's instead (``SegmentClock``: on the hour for an hour), reckoned from
    /// the frames' wall-clock times. After the camera was lost the next frame starts a file
    /// that runs to the next boundary of the same grid.
    case segments(lengthNanoseconds: Int64?, clockZone: TimeZone? = nil)
    /// Triggered clips: a file is open only while a clip is (``MovieRecorder/openClip(from:until:)``
    /// to the first packet at or past its end, which ``MovieRecorder/extend(until:)`` moves).
    /// The last `preRollNanoseconds` of packets are kept in a ``PacketRing`` and a clip starts
    /// with them from the keyframe at or before its start; a keyframe `maxClipNanoseconds` or
    /// more after a clip's first packet splits it into the next file.
    case clips(preRollNanoseconds: Int64, maxClipNanoseconds: Int64)

    /// The pre-roll to keep.
    var preRollNanoseconds: Int64 {
        if case let .clips(preRoll, _) = self { return preRoll }
        return 0
    }

    /// Whether a file is open whenever packets come (a recording) rather than on request (clips).
    var alwaysOpen: Bool {
        if case .segments = self { return true }
        return false
    }
}
