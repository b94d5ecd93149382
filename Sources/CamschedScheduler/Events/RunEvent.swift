import CamschedFiling
import Foundation

/// What happens during a run, typed, in the order it happens. Published on a ``RunEventBus``;
/// the progress line, `--json`, the sidecars' pressure and interruption lists, hooks, the
/// catalog's run row, the logs and the systemd notifier are its subscribers.
package enum RunEvent: Sendable {
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

    package struct Start: Sendable {
        package var job, run, kind, root, device, card: String
        /// A rehearsal's simulated start and speed (`camsched run --at`); nil for a real run.
        package var rehearsal: Rehearsal?
    }

    package struct Plan: Sendable {
        /// The captures the mode will make (a time-lapse's shots, a burst's stills); nil: open-ended.
        package var captures: Int?
        /// When the last capture is due or the recording ends; nil: not known ahead.
        package var endsAt: Date?
        /// The frame rate asked of the camera (a recording's, a trigger job's); nil: no rate.
        package var fps: Double?

        package init(captures: Int? = nil, endsAt: Date? = nil, fps: Double? = nil) {
            self.captures = captures
            self.endsAt = endsAt
            self.fps = fps
        }
    }

    package struct Rate: Sendable {
        /// Frames written a second over the last second; nil when the mode does not stream.
        package var fps: Double?
        /// Frames the run's stream has lost so far (``FrameStream/droppedFrames``).
        package var droppedFrames: Int

        package init(fps: Double? = nil, droppedFrames: Int) {
            self.fps = fps
            self.droppedFrames = droppedFrames
        }
    }

    package struct Still: Sendable {
        package var location: FiledLocation
        package var sidecar: URL?
        package var seq: Int
        package var kind: FileKind
        package var scheduledAt: Date?
        package var startedAt: Date
    }

    package struct Segment: Sendable {
        package var location: FiledLocation
        package var sidecar: URL?
        package var kind: FileKind
        package var index: Int?
        package var frames: Int
        package var droppedFrames: Int
        package var durationSeconds: Double?
        package var encoder: String?
        package var truncated: String?
    }

    package struct Trigger: Sendable {
        /// The triggering frame's capture time.
        package var at: Date
        package var kind: TriggerKind
        /// Motion: the changed fraction of the frame.
        package var score: Double?
        /// Motion: the changed area `[x, y, w, h]` in fractions of the frame.
        package var box: [Double]?
    }

    package struct Pressure: Sendable {
        package var at: Date
        package var level: PressureLevel
        package var fps: Double?
        package var reason: String
        package var method: ThrottleMethod
    }

    /// What triggered a clip: the picture changed, or something outside (HTTP, the socket, SIGUSR1).
    package enum TriggerKind: String, Sendable {
        case motion, external
    }

    /// How a job answers pressure (the `method` of `--json`'s `pressure` event).
    package enum ThrottleMethod: String, Sendable {
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
        package var throttles: Bool { self == .camera || self == .droppingFrames || self == .droppingGOPs }
    }

    package struct Summary: Sendable {
        package var job, run: String
        package var status: RunStatus
        package var exitCode: Int32
        package var stills, segments, skipped, filesTotal: Int
        package var files: [String]
        package var failures: [String]
        package var elapsed: Double
        /// Frames the run's stream lost (``FrameStream/droppedFrames``): what the progress
        /// line, the stills' sidecars and the status page's counter show.
        package var droppedFrames = 0
    }
}

/// The `done` event's `status`: one word for how a run ended, the same in `--json`, MQTT and
/// the closing log line (the user guide's table of them).
package enum RunStatus: String, Sendable, CaseIterable {
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
    package static func skippedMessage(count: Int, lateSeconds: Double, cause: LatenessCause?) -> String {
        "\(count) shot(s) skipped: running \(String(format: "%.2f", lateSeconds)) s late" + (cause.map { "; " + $0.text } ?? "")
    }
}

/// A run event with the time it was published.
package struct TimedRunEvent: Sendable {
    package let time: Date
    package let event: RunEvent
}
