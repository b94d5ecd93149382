import CamschedCore
/// A recording of `duration`, optionally split into gapless segments.
public struct RecordSpec: Sendable, Equatable {
    /// How long to record; more than zero.
    public var duration: Duration
    /// Split into files of this length; `nil` for one file.
    public var segment: Duration?
    /// Default h264: the codec frames are encoded with (unless ``copiesCameraStream``).
    public var codec: VideoCodec
    /// `codec: "copy"`: the camera's own compressed frames (MJPEG) are filed as they are,
    /// nothing is encoded; `encoder`, `quality`, `preset` and `bitrate` do not apply.
    public var copiesCameraStream = false
    /// `codec: "auto"`: a recording copies the camera's own compressed frames when the camera
    /// delivers them at the size and rate asked and nothing needs pixels, else encodes with
    /// ``codec`` (h264) and the encoding keys; a trigger job's clips are then encoded (`copy` copies them). The
    /// sidecar's `encoder.reason` says which and why.
    public var autoCopies = false
    /// `"auto"` (a working hardware encoder, else software) or an FFmpeg encoder name.
    public var encoder: String
    /// CRF-style quality on the codec's scale (0…``VideoCodec/maximumQuality``); exclusive
    /// with `bitrate`.
    public var quality: Double?
    /// The encoder's preset, e.g. `"veryfast"`.
    public var preset: String?
    /// Target bit rate in bits per second; exclusive with `quality`.
    public var bitrate: Int?
    /// Default mp4.
    public var container: VideoContainer
    /// File a still from the stream this often while recording.
    public var stillsEvery: Duration?

    /// Creates a recording specification.
    public init(
        duration: Duration, segment: Duration? = nil, codec: VideoCodec = .h264, encoder: String = "auto",
        quality: Double? = nil, preset: String? = nil, bitrate: Int? = nil, container: VideoContainer = .mp4,
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

    /// How many files the recording makes: ⌈duration / segment⌉, or 1 without segments.
    public var segmentCount: Int {
        guard let segment, segment > .zero else { return 1 }
        let ratio = duration / segment
        return max(1, Int(ratio.rounded(.up)))
    }
}
