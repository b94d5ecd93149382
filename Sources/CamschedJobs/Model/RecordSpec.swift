import CamschedCore
import Foundation
/// A recording of `duration` (or until stopped), optionally split into gapless segments.
package struct RecordSpec: Sendable, Equatable {
    /// How long to record; more than zero. Nil: until stopped (SIGTERM, or the daemon's end).
    package var duration: Duration?
    /// Split into files of this length; `nil` for one file.
    package var segment: Duration?
    /// `"segment": {"every": …, "align": true}`: segments begin on the wall-clock multiples of
    /// ``segment`` in the job's time zone (on the hour for `1h`), not every ``segment`` from the
    /// first frame; the first file runs from the start to the first such boundary.
    package var alignsSegments = false
    /// Default h264: the codec frames are encoded with (unless ``copiesCameraStream``).
    package var codec: VideoCodec
    /// `codec: "copy"`: the camera's own compressed frames (MJPEG) are filed as they are,
    /// nothing is encoded; `encoder`, `quality`, `preset` and `bitrate` do not apply.
    package var copiesCameraStream = false
    /// `codec: "auto"`: a recording copies the camera's own compressed frames when the camera
    /// delivers them at the size and rate asked and nothing needs pixels, else encodes with
    /// ``codec`` (h264) and the encoding keys; a trigger job's clips are then encoded (`copy` copies them). The
    /// sidecar's `encoder.reason` says which and why.
    package var autoCopies = false
    /// `"auto"` (a working hardware encoder, else software) or an FFmpeg encoder name.
    package var encoder: String
    /// CRF-style quality on the codec's scale (0…``VideoCodec/maximumQuality``); exclusive
    /// with `bitrate`.
    package var quality: Double?
    /// The encoder's preset, e.g. `"veryfast"`.
    package var preset: String?
    /// Target bit rate in bits per second; exclusive with `quality`.
    package var bitrate: Int?
    /// Default mp4.
    package var container: MovieContainer
    /// File a still from the stream this often while recording.
    package var stillsEvery: Duration?

    /// Creates a recording specification.
    package init(
        duration: Duration?, segment: Duration? = nil, codec: VideoCodec = .h264, encoder: String = "auto",
        quality: Double? = nil, preset: String? = nil, bitrate: Int? = nil, container: MovieContainer = .mp4,
        stillsEvery: Duration? = nil
    ) {
        self.duration = duration
        self.segment = segment
        self.codec = codec
        self.encoder = encoder
        self.quality = quality
        self.preset = preset
        self.bitrate = bitrate
        self.container = container
        self.stillsEvery = stillsEvery
    }

    /// How many files a recording started at `start` makes: ⌈duration / segment⌉, 1 without
    /// segments; aligned, one more than the boundaries within it. Nil when it runs until stopped.
    package func segmentCount(startingAt start: Date, timeZone: TimeZone) -> Int? {
        guard let duration else { return nil }
        guard let segment, segment > .zero else { return 1 }
        guard alignsSegments else { return max(1, Int((duration / segment).rounded(.up))) }
        let end = start.addingTimeInterval(duration.secondsValue)
        var count = 1
        var boundary = SegmentClock.boundary(after: start, lengthNanoseconds: segment.wholeNanoseconds, timeZone: timeZone)
        while boundary < end, count < Int(Int32.max) {
            count += 1
            boundary = SegmentClock.boundary(after: boundary, lengthNanoseconds: segment.wholeNanoseconds, timeZone: timeZone)
        }
        return count
    }
}
