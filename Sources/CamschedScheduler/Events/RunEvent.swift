import CamschedFiling
import Foundation

/// What happens during a run, typed, in the order it happens. Published on a ``RunEventBus``;
/// the progress line, `--json`, the sidecars' pressure and interruption lists, hooks, the
/// catalog's run row, the logs and the systemd notifier are its subscribers.
public enum RunEvent: Sendable {
    case started(Start)
    /// What the capture mode plans once its camera streams: how many captures, until when, at
    /// what rate. For the progress line; not a `--json` event.
    case planned(Plan)
    /// The capture's rate as measured: a streaming mode's once a second, an interval job's when
    /// the stream lost frames. For the progress line; not a `--json` event.
    case rate(Rate)
    /// A still was filed.
    case captured(Still)
    /// A video file (segment or time-lapse) was filed.
    case segmentFiled(Segment)
    case pressureChanged(Pressure)
    /// An event of a `trigger` job (motion or external) started a clip.
    case trigger(Trigger)
    /// The camera went away.
    case interrupted(reason: String, message: String, at: Date)
    /// The camera came back after `after` seconds.
    case resumed(at: Date, after: Double)
    /// Interval shots that came too late and were skipped (counted, not bunched), with what was
    /// measured of why (nil: nothing measured, as for stills missed while the camera was away).
    case skipped(count: Int, lateSeconds: Double, cause: LatenessCause? = nil)
    case warning(String)
    /// A run-time failure: the run goes on if it can, and exits 1.
    case error(String)
    case done(Summary)

    public struct Start: Sendable {
        public var job, run, kind, root, device, card: String
        /// A rehearsal's simulated start and speed (`camsched run --at`); nil for a real run.
        public var rehearsal: Rehearsal?
    }

    public struct Plan: Sendable {
        /// The captures the mode will make (a time-lapse's shots, a burst's stills); nil: open-ended.
        public var captures: Int?
        /// When the last capture is due or the recording ends; nil: not known ahead.
        public var endsAt: Date?
        /// The frame rate asked of the camera (a recording's, a trigger job's); nil: no rate.
        public var fps: Double?

        public init(captures: Int? = nil, endsAt: Date? = nil, fps: Double? = nil) {
            self.captures = captures
            self.endsAt = endsAt
            self.fps = fps
        }
    }

    public struct Rate: Sendable {
        /// Frames written a second over the last second; nil when the mode does not stream.
        public var fps: Double?
        /// Frames the run's stream has lost so far (``FrameStream/droppedFrames``).
        public var droppedFrames: Int

        public init(fps: Double? = nil, droppedFrames: Int) {
            self.fps = fps
            self.droppedFrames = droppedFrames
        }
    }

    public struct Still: Sendable {
        public var location: FiledLocation
        public var sidecar: URL?
        public var seq: Int
        public var kind: FileKind
        public var scheduledAt: Date?
        public var startedAt: Date
    }

    public struct Segment: Sendable {
        public var location: FiledLocation
        public var sidecar: URL?
        public var kind: FileKind
        public var index: Int?
        public var frames: Int
        public var droppedFrames: Int
        public var durationSeconds: Double?
        public var encoder: String?
        public var truncated: String?
    }

    public struct Trigger: Sendable {
        /// The triggering frame's capture time.
        public var at: Date
        public var kind: TriggerKind
        /// Motion: the changed fraction of the frame.
        public var score: Double?
        /// Motion: the changed area `[x, y, w, h]` in fractions of the frame.
        public var box: [Double]?
    }

    public struct Pressure: Sendable {
        public var at: Date
        public var level: PressureLevel
        public var fps: Double?
        public var reason: String
        public var method: ThrottleMethod
    }

    /// What triggered a clip: the picture changed, or something outside (HTTP, the socket, SIGUSR1).
    public enum TriggerKind: String, Sendable {
        case motion, external
    }

    /// How a job answers pressure (the `method` of `--json`'s `pressure` event).
    public enum ThrottleMethod: String, Sendable {
        /// The camera's own frame rate is lowered.
        case camera
        /// Frames are dropped evenly before the encoder (the camera cannot change its rate).
        case droppingFrames = "dropping frames"
        /// Whole GOPs of a copied H.264 stream are left out (its frames depend on each other).
        case droppingGOPs = "dropping whole GOPs"
        /// The recording stops (pressure at `shutdown`).
        case stopped
        /// An interval job closes the camera between its shots.
        case closedBetweenShots = "camera closed between shots"
        case none

        /// Whether the frame rate is lowered.
        public var throttles: Bool { self == .camera || self == .droppingFrames || self == .droppingGOPs }
    }

    public struct Summary: Sendable {
        public var job, run: String
        public var status: RunStatus
        public var exitCode: Int32
        public var stills, segments, skipped, filesTotal: Int
        public var files: [String]
        public var failures: [String]
        public var elapsed: Double
        /// Frames the run's stream lost (``FrameStream/droppedFrames``): what the progress
        /// line, the stills' sidecars and the status page's counter show.
        public var droppedFrames = 0
    }
}

/// The `done` event's `status`: one word for how a run ended, the same in `--json`, MQTT and
/// the closing log line (the user guide's table of them).
public enum RunStatus: String, Sendable, CaseIterable {
    /// The job did everything it was asked (exit 0).
    case ok
    /// The run was due shots and filed none of them: every one skipped as too late (exit 1).
    case nothingFiled = "nothing-filed"
    /// Something failed (`failures` says what).
    case failed
    /// Stopped by a signal after finalising every open file (129, 130, 143).
    case stopped
    /// `--lock skip` and another camsched held the camera (exit 0).
    case skipped
}

extension RunEvent {
    /// The warning of a ``skipped(count:lateSeconds:cause:)`` event, as the log and `--json` say it.
    public static func skippedMessage(count: Int, lateSeconds: Double, cause: LatenessCause?) -> String {
        "\(count) shot(s) skipped: running \(String(format: "%.2f", lateSeconds)) s late" + (cause.map { "; " + $0.text } ?? "")
    }
}

/// A run event with the time it was published.
public struct TimedRunEvent: Sendable {
    public let time: Date
    public let event: RunEvent
}
