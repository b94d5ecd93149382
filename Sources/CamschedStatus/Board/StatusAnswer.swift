import CamschedFiling
import Foundation

/// `GET /api/status` (SPEC section 6) as one document: `version`, `host`, `time`, `jobs`,
/// `pressure`, `disk` and `disks`, each job with what the page draws. Built by
/// ``StatusDocument``, written by ``JSONDocument`` (dates RFC 3339 UTC with milliseconds,
/// `null` for what is not known).
struct StatusAnswer: Encodable, Sendable {
    var version, host: String
    var time: Date
    var jobs: [Job]
    var pressure: Pressure
    var disk: Disk
    var disks: [Disk]

    struct Pressure: Encodable, Sendable {
        var level: String
        var sources: [String]
    }

    struct Disk: Encodable, Sendable {
        var root: OrNull<String>
        var freeBytes: OrNull<Int64>
    }

    struct Job: Encodable, Sendable {
        var name, kind, state: String
        var nextFireAt: OrNull<Date>
        var lastRun: OrNull<LastRun>
        /// The running run's id; `null` when idle.
        var run: OrNull<String>
        /// When the running run started (a first run has no last run to show); `null` when idle.
        var runStartedAt: OrNull<Date>
        var streaming: Bool
        var fps: Double
        var fpsTarget: OrNull<Double>
        var framesCaptured, droppedFrames, filesThisRun: Int
        var pressure: String
        var samples: [Sample]
        var stills: [Still]
        var every: OrNull<Double>
        var nextShotAt: OrNull<Date>
        var root: String
        var retention: Retention
    }

    /// SPEC's `lastRun` {`id`, `status`, `endedAt`, `files`: how many}.
    struct LastRun: Encodable, Sendable {
        var id, status: String
        var endedAt: Date
        var files: Int
    }

    struct Still: Encodable, Sendable {
        var url, file: String
        var at: Date
    }

    struct Sample: Encodable, Sendable {
        var at: Date
        var fps: Double
        var dropped: Int
        /// 0 nominal … 4 shutdown.
        var pressure: Int
    }

    /// The job's retention limits; a limit the job does not set is left out.
    struct Retention: Encodable, Sendable {
        var maxAgeSeconds: Double?
        var maxSize: Int64?
        var minFree: Int64?
    }
}
