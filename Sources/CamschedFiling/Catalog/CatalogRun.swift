import CamschedCore
import Foundation
import GRDB

/// One run of a job: a row of the `runs` table.
package struct CatalogRun: Sendable, Equatable, Identifiable {
    /// How a run ended (SPEC section 5).
    package enum Status: String, Sendable, Codable, CaseIterable {
        /// Started and not (yet) ended.
        case running
        /// Did everything it was asked (exit code 0).
        case done
        /// Failed at run time (exit code 1, 3, …).
        case failed
        /// `--lock skip` found the device busy.
        case skipped
        /// Stopped by SIGINT, SIGTERM or SIGHUP (exit code 130 / 143 / 129), or killed: a `running` run whose
        /// process is gone is marked `interrupted` at the next start of camsched on the root, by
        /// `catalog verify --repair` or by `catalog rebuild` (see ``CatalogRuns/isAbandoned(_:host:)``).
        case interrupted

        /// The status of a run that ended with this exit code.
        package init(exitCode: Int) {
            switch exitCode {
            case 0: self = .done
            case 129, 130, 143: self = .interrupted
            default: self = .failed
            }
        }

        /// Reads a stored status; `succeeded` is the name catalogs made before schema v2 used.
        init(stored: String) {
            self = stored == "succeeded" ? .done : (Status(rawValue: stored) ?? .running)
        }
    }

    /// The run id.
    package var id: String
    /// The job's name.
    package var job: String
    /// When the run started.
    package var startedAt: Date
    /// When the run ended; `nil` while running (and for a killed run whose end is unknown).
    package var endedAt: Date?
    /// How it ended.
    package var status: Status
    /// The process exit code, once ended.
    package var exitCode: Int?
    /// The host that ran it.
    package var host: String?
    /// The process id that ran it.
    package var pid: Int?

    /// Describes a run.
    package init(
        id: String, job: String, startedAt: Date, endedAt: Date? = nil, status: Status, exitCode: Int? = nil,
        host: String? = nil, pid: Int? = nil
    ) {
        self.id = id
        self.job = job
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.status = status
        self.exitCode = exitCode
        self.host = host
        self.pid = pid
    }

    init(row: Row) {
        id = row["id"]
        job = row["job"]
        startedAt = RFC3339Timestamp.date(from: row["started_at"]) ?? .distantPast
        endedAt = (row["ended_at"] as String?).flatMap(RFC3339Timestamp.date(from:))
        status = Status(stored: row["status"])
        exitCode = row["exit_code"]
        host = row["host"]
        pid = row["pid"]
    }
}
