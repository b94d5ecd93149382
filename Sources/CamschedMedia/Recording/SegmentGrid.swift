import CamschedCore
import Foundation

/// Where a recording in segments (``CutPolicy/segments(lengthNanoseconds:clockZone:)``) is cut:
/// on a grid of its length from the recording's first frame, or on the wall clock's multiples
/// in a zone (``SegmentClock``: on the hour for an hour). The first frame at or past the open
/// file's next boundary is the cut's frame: encoded as a keyframe, its packet starts the next
/// file. Inert for clips (their cuts are the recorder's).
struct SegmentGrid {
    private let length: Int64?
    private let zone: TimeZone?
    private let isSegments: Bool
    /// The recording's first frame, the grid's origin (kept across a lost camera).
    private var origin: Int64?
    /// The next boundary after the open file's first frame (`.max`: none).
    private var boundary: Int64 = .max
    /// The capture time of the cut's frame, until its keyframe starts the next file.
    private var cutAt: Int64?
    /// The wall clock as of the newest frame: clock-aligned boundaries follow a clock that was
    /// stepped (NTP on a board without a real-time clock) during a long recording.
    private(set) var clock: CaptureTimeline?

    init(_ cuts: CutPolicy) {
        if case let .segments(length, zone) = cuts {
            (self.length, self.zone, isSegments) = (length, zone, true)
        } else {
            (length, zone, isSegments) = (nil, nil, false)
        }
    }

    /// Whether boundaries are on the wall clock's grid.
    var alignsToClock: Bool { zone != nil }

    /// A frame captured at `time` is appended, with a file open (`fileStarted`) at `interval`
    /// per frame: whether it is the cut's frame (to be encoded as a keyframe). Half a frame of
    /// slack on a grid from the first frame (float drift); none on the clock's: a frame taken
    /// before 13:00:00 belongs to the 12:00 file.
    mutating func isCut(_ frame: VideoFrame, fileStarted: Bool, interval: Int64) -> Bool {
        clock = CaptureTimeline(anchoredAt: frame)
        guard isSegments else { return false }
        let time = frame.timestampNanoseconds
        if origin == nil { origin = time }
        guard cutAt == nil, fileStarted, time >= boundary - (alignsToClock ? 0 : interval / 2) else { return false }
        cutAt = time
        return true
    }

    /// Whether a cut is due at `time` or pending (its keyframe still in the encoder), with a
    /// frame's `interval` of warning.
    func isDue(at time: Int64, interval: Int64) -> Bool {
        isSegments && (cutAt != nil || time >= boundary - interval)
    }

    /// Whether the keyframe captured at `time` starts the next file (the cut is then taken).
    mutating func takesCut(at time: Int64) -> Bool {
        guard let cut = cutAt, time >= cut else { return false }
        cutAt = nil
        return true
    }

    /// A file began with the frame captured at `time`: its boundary is the grid's next.
    mutating func fileStarted(at time: Int64, interval: Int64) {
        guard let length, let origin else { return }
        // Half a frame of slack: a frame a hair before a boundary belongs to it.
        let time = time + interval / 2
        guard let zone, let clock else {
            boundary = origin + ((time - origin) / length + 1) * length
            return
        }
        let wall = clock.wall(time)
        let next = SegmentClock.boundary(after: wall, lengthNanoseconds: length, timeZone: zone)
        boundary = time + Int64((next.timeIntervalSince(wall) * 1e9).rounded())
    }

    /// The open file was closed: no boundary until the next begins.
    mutating func fileClosed() { boundary = .max }

    /// The camera went away: a cut pending is forgotten (the next frame starts a file anyway).
    mutating func cameraLost() { cutAt = nil }
}
