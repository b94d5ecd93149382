import CamschedCore
import Foundation

/// Clips around events, each with a pre-roll held as encoded packets: motion in the picture
/// or an external signal opens a clip that starts `preRoll` before the event and ends
/// `postRoll` after the last motion.
package struct TriggerSpec: Sendable, Equatable {
    /// Motion detection; nil: no motion events (then `external` must be true).
    package var motion: MotionSpec?
    /// Accept external events: `POST /api/jobs/NAME/trigger`, `camsched trigger NAME`, SIGUSR1.
    package var external: Bool
    /// How much of the time before the event each clip holds (from the keyframe at or before).
    package var preRoll: Duration
    /// How long after the last motion a clip goes on; motion within it extends the clip.
    package var postRoll: Duration
    /// A clip longer than this is split (at the next keyframe).
    package var maxClip: Duration
    /// After a clip ends, no new event starts for this long.
    package var cooldown: Duration
    /// Also file a still of the frame that triggered each event.
    package var still: Bool
    /// How long the job runs; nil with `until` nil: until stopped.
    package var duration: Duration?
    /// When the job ends.
    package var until: Date?
    /// Codec, encoder, quality, preset, bitrate and container of the clips (the encoding keys
    /// of `record`); its `duration` is `maxClip`.
    package var encoding: RecordSpec

    /// Creates a trigger specification with the defaults of the job reference.
    package init(motion: MotionSpec? = nil, external: Bool = false, preRoll: Duration = .seconds(3),
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
package typealias MotionSpec = MotionSettings
