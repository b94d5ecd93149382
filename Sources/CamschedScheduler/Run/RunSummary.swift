import CamschedCore
import CamschedFiling
import Foundation

/// The end of a run: its exit code from what happened, the `done` event (which ends the run's
/// catalog row and starts `onRunEnd`), and the closing log line.
struct RunSummary {
    /// The run's filing: its job, run id, root, record of what was filed, and stop signal.
    let filing: RunFiling
    let report: RunReporter
    let startedAt: Date

    /// - Parameters:
    ///   - droppedFrames: the frames the run's stream lost (``FrameStream/droppedFrames``).
    ///   - catalogRowsLeft: catalog writes not made when the run ends (``RunFiling/drainCatalog()``).
    func finish(_ exit: RunExitCode, droppedFrames: Int = 0, catalogRowsLeft: Int = 0) -> RunExitCode {
        let state = filing.record.snapshot
        let stop = filing.stop
        var code = exit
        if code == .success {
            if let signal = stop.signalExitCode { code = signal } else if !state.failures.isEmpty || stop.isRequested {
                code = .runtimeFailure
            }
        }
        let status = code == .success ? "ok" : (stop.signalExitCode != nil ? "stopped" : "failed")
        let job = filing.job.name
        report.publish(.done(.init(job: job, run: filing.runID, status: status, exitCode: code.rawValue,
                                   stills: state.stillsFiled, segments: state.segmentsFiled, skipped: state.skippedShots,
                                   filesTotal: state.filedCount, files: state.firstFiled, failures: state.failures,
                                   elapsed: report.clock.now().timeIntervalSince(startedAt),
                                   droppedFrames: droppedFrames)))
        let root = filing.root.path
        let whereText = state.filedCount == 0 ? "" : " under \(root)"
        // The command that finds them, with the root absolute: a job's root is relative to the
        // job file, not to the shell's folder, so a bare `catalog list` would look elsewhere.
        let listText = state.filedCount > 0 && filing.catalogWriter != nil
            ? "; list them: camsched catalog list --root \(ShellWord.quoted(root))" : ""
        let skippedText = state.skippedShots > 0 ? ", \(state.skippedShots) shot(s) skipped" : ""
        let exitText = code == .success ? "" : " — exit \(code.rawValue)"
        let rowsText = catalogRowsLeft > 0 ? ", \(catalogRowsLeft) not in the catalog yet (the next start adds them)" : ""
        report.logger.notice("\(job): \(state.stillsFiled) still(s), \(state.segmentsFiled) video file(s) filed\(whereText)\(rowsText)\(skippedText)\(exitText)\(listText)")
        return code
    }
}
