import CamschedFiling
import Foundation

/// What a report says of one run: the run, its files (from their sidecars) and the notes of
/// what could not be read. Built by ``RunReportLoader``; drawn by ``ReportPage``.
package struct RunReport: Sendable {
    /// One filed file: its sidecar and where the file is on this machine.
    package struct File: Sendable {
        /// The sidecar (the truth about the file).
        package var sidecar: Sidecar
        /// The file itself (the sidecar's path without `.json`, or the root plus `file`).
        package var url: URL

        /// Describes a file.
        package init(sidecar: Sidecar, url: URL) {
            self.sidecar = sidecar
            self.url = url
        }
    }

    /// The job's name.
    package var job: String
    /// The run id.
    package var runID: String
    /// `done`, `failed`… from the catalog; nil when read from sidecars alone.
    package var status: String?
    /// The process exit code, from the catalog.
    package var exitCode: Int?
    /// When the run started (the catalog's time, else the first file's start).
    package var startedAt: Date?
    /// When the run ended (the catalog's time, else the last file's end).
    package var endedAt: Date?
    /// The host that ran it.
    package var host: String?
    /// Where the report was read from (`catalog ROOT` or `sidecars in DIR`).
    package var source: String
    /// The run's files, oldest first.
    package var files: [File]
    /// Things skipped while reading (an unreadable sidecar, a missing file), for the reader.
    package var notes: [String]

    /// Describes a run.
    package init(job: String, runID: String, status: String? = nil, exitCode: Int? = nil, startedAt: Date? = nil,
                endedAt: Date? = nil, host: String? = nil, source: String, files: [File], notes: [String] = []) {
        self.job = job
        self.runID = runID
        self.status = status
        self.exitCode = exitCode
        self.startedAt = startedAt ?? files.map(\.sidecar.startedAt).min()
        self.endedAt = endedAt ?? files.map(\.sidecar.endedAt).max()
        self.host = host ?? files.first?.sidecar.host
        self.source = source
        self.files = files.sorted { ($0.sidecar.startedAt, $0.sidecar.file) < ($1.sidecar.startedAt, $1.sidecar.file) }
        self.notes = notes
    }

    /// The stills (interval, burst, snapshot) in capture order.
    package var stills: [File] { files.filter { $0.sidecar.kind == .still || $0.sidecar.kind == .burst } }
    /// The recorded files (segments) in order: the contact sheet's videos and the charts'
    /// files. A time-lapse assembled from the stills is listed in the table only: its frames are
    /// the stills again, and its rate is a playback rate, not a capture rate.
    package var videos: [File] { files.filter { $0.sidecar.kind == .segment } }
    /// Time-lapse videos assembled from the run's stills.
    package var timelapses: [File] { files.filter { $0.sidecar.kind == .timelapse } }
    /// The camera, from the first file that names one.
    package var device: SidecarDevice? { files.lazy.compactMap(\.sidecar.device).first }
    /// The capture format, from the first file that names one.
    package var format: SidecarFormat? { files.lazy.compactMap(\.sidecar.format).first }
}
