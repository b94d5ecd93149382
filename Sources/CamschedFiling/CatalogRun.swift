import Foundation
import GRDB

/// One run of a job: a row of the `runs` table.
public struct CatalogRun: Sendable, Equatable, Identifiable {
    /// How a run ended.
    public enum Status: String, Sendable, Codable {
        /// Started and not (yet) ended — or the process was killed.
        case running
        /// Did everything it was asked (exit code 0).
        case succeeded
        /// Failed at run time (exit code 1, 3, …).
        case failed
        /// Stopped by SIGINT or SIGTERM (exit code 130 / 143).
        case interrupted
        /// `--lock skip` found the device busy.
        case skipped
    }

    /// The run id.
    public var id: String
    /// The job's name.
    public var job: String
    /// When the run started.
    public var startedAt: Date
    /// When the run ended; `nil` while running.
    public var endedAt: Date?
    /// How it ended.
    public var status: Status
    /// The process exit code, once ended.
    public var exitCode: Int?
    /// The host that ran it.
    public var host: String?
    /// The process id that ran it.
    public var pid: Int?

    init(row: Row) {
        id = row["id"]
        job = row["job"]
        startedAt = RFC3339Timestamp.date(from: row["started_at"]) ?? .distantPast
        endedAt = (row["ended_at"] as String?).flatMap(RFC3339Timestamp.date(from:))
        status = Status(rawValue: row["status"]) ?? .running
        exitCode = row["exit_code"]
        host = row["host"]
        pid = row["pid"]
    }
}
