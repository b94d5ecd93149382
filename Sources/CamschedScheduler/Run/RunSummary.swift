import CamschedCore
import CamschedFiling
import Foundation

/// The end of a run: its exit code and status word from what happened, the `done` event (which
/// ends the run's catalog row and starts `onRunEnd`), and the closing log line.
struct RunSummary {
    /// The run's filing: its job, run id, root, record of what was filed, and stop signal.
    let filing: RunFiling
    let report: RunReporter
    let startedAt: Date

    /// - Parameters:
    ///   - droppedFrames: the frames the run's stream lost (``FrameStream/droppedFrames``).
    ///   - catalogRowsLeft: catalog writes not made when the run ends (``RunFiling/drainCatalog()``).
    ///   - endFailures: failures the run's ``RunEndCheck`` subscribers add (already logged by their source).
    func finish(_ exit: RunExitCode, droppedFrames: Int = 0, catalogRowsLeft: Int = 0, endFailures: [String] = []) -> RunExitCode {
        var state = filing.record.snapshot
        state.failures += endFailures
        let (code, status) = Self.outcome(exit, state: state, stop: filing.stop)
        let job = filing.job.name
        report.publish(.done(.init(job: job, run: filing.runID, status: status, exitCode: code.rawValue,
                                   stills: state.stillsFiled, segments: state.segmentsFiled, skipped: state.skippedShots,
                                   filesTotal: state.filedCount, files: state.firstFiled, failures: state.failures,
                                   elapsed: report.clock.now().timeIntervalSince(startedAt),
                                   droppedFrames: droppedFrames)))
        report.logger.notice("\(job): \(closingText(state, status: status, code: code, catalogRowsLeft: catalogRowsLeft))")
        return code
    }

    /// The exit code and the `done` event's status word: `ok`, `nothing-filed`, `stopped` or `failed`.
    static func outcome(_ exit: RunExitCode, state: RunRecord.State, stop: StopSignal) -> (RunExitCode, RunStatus) {
        guard exit == .success else { return (exit, stop.signalExitCode != nil ? .stopped : .failed) }
        if let signal = stop.signalExitCode { return (signal, .stopped) }
        if !state.failures.isEmpty || stop.isRequested { return (.runtimeFailure, .failed) }
        // Shots were due (they were skipped) and not one was filed (the camera delivered too few
        // frames, or too late): the run did not do its job.
        if state.skippedShots > 0, state.filedCount == 0 { return (.runtimeFailure, .nothingFiled) }
        return (.success, .ok)
    }

    /// The closing line after the job's name: what was filed and where, or that nothing was and why.
    private func closingText(_ state: RunRecord.State, status: RunStatus, code: RunExitCode, catalogRowsLeft: Int) -> String {
        let exitText = code == .success ? "" : " — exit \(code.rawValue)"
        if status == .nothingFiled {
            let cause = state.lastSkipCause.map { ": \($0.text)" } ?? ""
            return "nothing filed — all \(state.skippedShots) shot(s) due were skipped\(cause)\(exitText)"
        }
        let root = filing.root.path
        let whereText = state.filedCount == 0 ? "" : " under \(root)"
        // The command that finds them, with the root absolute: a job's root is relative to the
        // job file, not to the shell's folder, so a bare `catalog list` would look elsewhere.
        let listText = state.filedCount > 0 && filing.catalogWriter != nil
            ? "; list them: camsched catalog list --root \(ShellWord.quoted(root))" : ""
        let skippedText = state.skippedShots > 0 ? ", \(state.skippedShots) shot(s) skipped" : ""
        let rowsText = catalogRowsLeft > 0 ? ", \(catalogRowsLeft) not in the catalog yet (the next start adds them)" : ""
        return "\(state.stillsFiled) still(s), \(state.segmentsFiled) video file(s) filed\(whereText)\(rowsText)\(skippedText)\(exitText)\(listText)"
    }
}
