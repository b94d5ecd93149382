import CamschedCapture
import CamschedFiling
import CamschedJobs
import Foundation
import Logging

/// How one run files what it captures, in three steps: **reserve** a name (the path template
/// with the next `{seq}` of the file's kind, given back if the file is never filed), **commit**
/// the file under it, **describe** it (sidecar, catalog row, `latest` link). A failed write is
/// classified here once (``failed(_:message:)``): a full disk stops the run, anything else is
/// an error of the run.
///
/// The run creates it; the still filer, segment filing, sidecars, time-lapse assembly and
/// retention take it instead of the whole run.
final class RunFiling: Sendable {
    let job: Job
    let runID: String
    let root: URL
    /// How the run reports: filing publishes `captured`, `segmentFiled`, warnings and errors there.
    let report: RunReporter
    /// The run's pressure and interruption lists, which every sidecar carries.
    let record: RunRecord
    /// Which of the record's interruptions the files of each kind have listed.
    let interruptionClaims = InterruptionClaims()
    let filer: FileFiler
    let template: PathTemplate
    /// The `{seq}` numbers, one sequence per kind of file.
    let sequences = FileSequences()
    /// Opens the catalog and writes its rows, off the capture path (nil without a catalog).
    let catalogWriter: CatalogWriter?
    let stop: StopSignal

    /// - Parameter openCatalog: how to open the run's catalog, called on the catalog writer's
    ///   thread (nil: the run has no catalog).
    /// - Parameter rootFiles: the root's files as the start's recovery listed them (nil: the
    ///   catalog writer walks the root for files to adopt).
    init(job: Job, runID: String, root: URL, template: PathTemplate, report: RunReporter, record: RunRecord, stop: StopSignal,
         openCatalog: (@Sendable () -> Catalog?)?, rootFiles: [String]? = nil) {
        self.job = job
        self.runID = runID
        self.root = root
        self.template = template
        self.report = report
        self.record = record
        self.stop = stop
        // No file takes the name of the job's latest link (a link never replaces a file).
        // Files are hashed when something records the hash: the sidecar, the catalog (and the
        // fleet's copy of it), MQTT's file events. Otherwise nothing reads a file back.
        let filer = FileFiler(root: root, runID: runID, hashes: job.output.sidecar || job.output.catalog || job.mqtt != nil)
        self.filer = job.output.latest ? filer.avoiding(name: Self.latestName(of: job)) : filer
        // A one-shot run (a cron line's) writes its rows at its end, in one transaction.
        let holding = JobRunner.takesOneFrame(job)
        // A time-lapse's rows wait for its next still, whose flush then commits them (RowPacing).
        let pacing: Bool
        if case .interval = job.capture, !holding { pacing = true } else { pacing = false }
        catalogWriter = openCatalog.map { open in
            CatalogWriter(opening: open, holdingRows: holding, pacingFileRows: pacing, logger: report.logger) { message in
                report.warn(message)
            }
        }
        // Files earlier runs filed while the catalog could not take them, and partial files
        // recovered at this start: their rows come from their sidecars, off the capture path.
        catalogWriter?.enqueue(.adoptFilesOfEarlierRuns(currentRun: runID, files: rootFiles))
    }

    /// The relative path (no extension) for a file of `kind` numbered `seq`, taken at `date`.
    func relativePath(kind: FileKind, seq: Int, date: Date, device: String) -> String {
        // A name longer than a filesystem takes is cut, not refused: the capture is filed.
        PathTemplate.fitted(template.render(job: job.name, run: runID, seq: seq, kind: kind.rawValue, device: device,
                                            date: date, timeZone: job.timeZone))
    }

    /// Reserves the next name of `kind` as a partial file for a writer that fills it later (a
    /// recording's segment, a clip, a time-lapse). The number is given back if this throws.
    /// - Parameter reservingSidecar: also take the sidecar's room now, so that a file cut short
    ///   by a full disk can still be described.
    /// - Throws: ``FilingError``; pass it to ``failed(_:message:)``.
    func reserve(_ kind: FileKind, date: Date, device: String, extension fileExtension: String,
                 reservingSidecar: Bool) throws(FilingError) -> FileReservation {
        let (partial, seq) = try numbered(kind, date: date, device: device) { relative, _ throws(FilingError) in
            try filer.reservePartial(relativePath: relative, extension: fileExtension, reservingSidecar: reservingSidecar)
        }
        return FileReservation(partial: partial, kind: kind, seq: seq)
    }

    /// Gives up a reserved file that will not be filed: the partial file goes, and so does its number.
    func abandon(_ reservation: FileReservation) {
        filer.abandon(reservation.partial)
        sequences.giveBack(reservation.seq, reservation.kind)
    }

    /// Moves a reserved file to its final name (flushed, hashed); with `describe` and the
    /// sidecar's room reserved, its sidecar is on disk before the file takes its name
    /// (``FileFiler/commit(_:describe:)``).
    /// - Throws: ``FilingError``; pass it to ``failed(_:message:)``.
    func commit(_ reservation: FileReservation, describe: ((FiledLocation) throws -> Data)? = nil) throws(FilingError) -> FiledLocation {
        try filer.commit(reservation.partial, describe: describe)
    }

    /// Files a whole file in one step (a still) under the next name of `kind`: `write` fills it,
    /// then it is flushed and renamed to its final name. The number is given back if this throws.
    /// - Parameter reservingSidecar: take the sidecar's room before the file is written, so a
    ///   file filed can always be described, and a disk too full for both refuses the file.
    /// - Returns: the location, the sidecar's room and the file's `{seq}`.
    /// - Throws: ``FilingError``; pass it to ``failed(_:message:)``.
    func file(_ kind: FileKind, date: Date, device: String, extension fileExtension: String, reservingSidecar: Bool,
              write: (FileSink) throws -> Void) throws(FilingError) -> (location: FiledLocation, slot: SidecarSlot?, seq: Int) {
        let ((location, slot), seq) = try numbered(kind, date: date, device: device) { relative, _ throws(FilingError) in
            try filer.file(relativePath: relative, extension: fileExtension, reservingSidecar: reservingSidecar, write: write)
        }
        return (location, slot, seq)
    }

    /// Files a whole file and its sidecar in one step (a still; see
    /// ``FileFiler/file(relativePath:extension:write:describe:)``): `describe` makes the sidecar
    /// for a location and the file's `{seq}`; both are on disk under their final names when this
    /// returns, and nothing has been announced. The number is given back if this throws.
    /// - Throws: ``FilingError``; pass it to ``failed(_:message:)``.
    func file(_ kind: FileKind, date: Date, device: String, extension fileExtension: String, write: (FileSink) throws -> Void,
              describe: (FiledLocation, Int) -> Sidecar) throws(FilingError) -> (location: FiledLocation, sidecar: Sidecar, seq: Int) {
        var sidecar: Sidecar?
        let (location, seq) = try numbered(kind, date: date, device: device) { relative, seq throws(FilingError) in
            try filer.file(relativePath: relative, extension: fileExtension, write: write) { location in
                let made = describe(location, seq)
                sidecar = made
                return try made.jsonData()
            }
        }
        guard let sidecar else { throw .writerFailed(path: location.url.path, message: "no sidecar was made") }
        return (location, sidecar, seq)
    }

    /// Takes the next `{seq}` of `kind` and runs `body` with the path it names; the number is
    /// given back if `body` throws.
    private func numbered<T>(_ kind: FileKind, date: Date, device: String,
                             _ body: (String, Int) throws(FilingError) -> T) throws(FilingError) -> (T, seq: Int) {
        let seq = sequences.take(kind)
        do {
            return (try body(relativePath(kind: kind, seq: seq, date: date, device: device), seq), seq)
        } catch {
            sequences.giveBack(seq, kind)
            throw error
        }
    }

    var clock: any CaptureClock { report.clock }
    var logger: Logger { report.logger }
    func publish(_ event: RunEvent) { report.publish(event) }
}
