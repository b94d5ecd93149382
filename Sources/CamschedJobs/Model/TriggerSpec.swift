import CamschedCore
import Foundation

/// Clips around events, each with a pre-roll held as encoded packets: motion in the picture
/// or an external signal opens a clip that starts `preRoll` before the event and ends
/// `postRoll` after the last motion.
public struct TriggerSpec: Sendable, Equatable {
    /// Motion detection; nil: no motion events (then `external` must be true).
    public var motion: MotionSpec?
    /// Accept external events: `POST /api/jobs/NAME/trigger`, `camsched trigger NAME`, SIGUSR1.
    public var external: Bool
    /// How much of the time before the event each clip holds (from the keyframe at or before).
    public var preRoll: Duration
    /// How long after the last motion a clip goes on; motion within it extends the clip.
    public var postRoll: Duration
    /// A clip longer than this is split (at the next keyframe).
    public var maxClip: Duration
    /// After a clip ends, no new event starts for this long.
    public var cooldown: Duration
    /// Also file a still of the frame that triggered each event.
    public var still: Bool
    /// How long the job runs; nil with `until` nil: until stopped.
    public var duration: Duration?
    /// When the job ends.
    public var until: Date?
    /// Codec, encoder, quality, preset, bitrate and container of the clips (the encoding keys
    /// of `record`); its `duration` is `maxClip`.
    public var encoding: RecordSpec

    /// Creates a trigger specification with the defaults of the job reference.
    public init(motion: MotionSpec? = nil, external: Bool = false, preRoll: Duration = .seconds(3),
                postRoll: Duration = .seconds(5), maxClip: Duration = .seconds(300), cooldown: Duration = .zero,
                still: Bool = true, duration: Duration? = nil, until: Date? = nil,
                encoding: RecordSpec = RecordSpec(duration: .seconds(300))) {
        self.motion = motion
        self.external = external
        self.preRoll = preRoll
        self.postRoll = postRoll
        self.maxClip = maxClip
        self.cooldown = cooldown
        self.still = still
        self.duration = duration
        self.until = until
        self.encoding = encoding
    }
}

/// The `motion` settings of a `trigger` job.
public typealias MotionSpec = MotionSettings
