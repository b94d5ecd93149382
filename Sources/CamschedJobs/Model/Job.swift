import CamschedCore
import Foundation

/// A capture job as read from a job file (SPEC §4), with every default filled in and every
/// relative path resolved against the job file's folder.
///
/// Build one with ``JobLoader``; the memberwise initialiser is for tests and tools.
package struct Job: Sendable, Equatable {
    /// The job's name: letters, digits, `-`, `_` and `.`; used in file names.
    package var name: String
    /// Free text for people; not used by camsched.
    package var description: String?
    /// Which camera and how to set it up.
    package var camera: CameraSettings
    /// What to capture: an interval, a burst or a recording.
    package var capture: CaptureSpec
    /// Frame-rate limits under system pressure (used by recordings).
    package var throttle: ThrottleSpec
    /// How stills are encoded.
    package var still: StillSpec
    /// Where and how results are filed.
    package var output: OutputSpec
    /// What to delete, and when.
    package var retention: RetentionSpec
    /// Commands run on events.
    package var hooks: HooksSpec
    /// When `camsched daemon` runs the job; `nil` for jobs that only run on demand.
    package var schedule: ScheduleSpec?
    /// A file whose content is a pressure level name, re-read every second.
    package var pressureFrom: URL?
    /// Where the camera is, for sun-relative times (`schedule.at`, an interval's `from` and
    /// `until`) and the sun's elevation: the job's `location`, else `$CAMSCHED_LOCATION` (the
    /// daemon's configuration); nil when neither is given.
    package var location: GeoLocation?
    /// Where the job's events and state are published over MQTT; nil: nowhere.
    package var mqtt: MQTTSpec?
    /// The job file this job was read from, if any.
    package var sourceURL: URL?

    /// Creates a job; every part but the name and the capture has a default.
    package init(
        name: String, description: String? = nil, camera: CameraSettings = CameraSettings(),
        capture: CaptureSpec, throttle: ThrottleSpec = ThrottleSpec(), still: StillSpec = StillSpec(),
        output: OutputSpec, retention: RetentionSpec = RetentionSpec(), hooks: HooksSpec = HooksSpec(),
        schedule: ScheduleSpec? = nil, pressureFrom: URL? = nil, sourceURL: URL? = nil,
        location: GeoLocation? = nil, mqtt: MQTTSpec? = nil
    ) {
        self.name = name
        self.description = description
        self.camera = camera
        self.capture = capture
        self.throttle = throttle
        self.still = still
        self.output = output
        self.retention = retention
        self.hooks = hooks
        self.schedule = schedule
        self.pressureFrom = pressureFrom
        self.sourceURL = sourceURL
        self.location = location
        self.mqtt = mqtt
    }

    /// The time zone of the job's wall-clock fields (schedule, `align`, `%H` in paths): the
    /// schedule's time zone, else the system's.
    package var timeZone: TimeZone { schedule?.timeZone ?? .current }
}
