import CamschedCore
import CamschedFiling
import Foundation

/// The end of a run: its exit code from what happened, the `done` event (which ends the run's
/// catalog row and starts `onRunEnd`), and the closing log line.
struct RunSummary {
    let context: RunContext

    /// - Parameter droppedFrames: the frames the run's stream lost (``FrameStream/droppedFrames``).
    func finish(_ exit: RunExitCode, droppedFrames: Int = 0) -> RunExitCode {
        let state = context.record.snapshot
        let stop = context.stop
        var code = exit
        if code == .success {
            if let signal = stop.signalExitCode { code = signal } else if !state.failures.isEmpty || stop.isRequested {
                code = .runtimeFailure
            }
        }
        let status = code == .success ? "ok" : (stop.signalExitCode != nil ? "stopped" : "failed")
        context.publish(.done(.init(job: context.job.name, run: context.runID, status: status, exitCode: code.rawValue,
                                    stills: state.stillsFiled, segments: state.segmentsFiled, skipped: state.skippedShots,
                                    filesTotal: state.filedCount, files: state.firstFiled, failures: state.failures,
                                    elapsed: context.clock.now().timeIntervalSince(context.startedAt),
                                    droppedFrames: droppedFrames)))
        let whereText = state.filedCount == 0 ? "" : " under \(context.root.path)"
        // The command that finds them, with the root absolute: a job's root is relative to the
        // job file, not to the shell's folder, so a bare `catalog list` would look elsewhere.
        let listText = state.filedCount > 0 && context.filing.catalogWriter != nil
            ? "; list them: camsched catalog list --root \(ShellWord.quoted(context.root.path))" : ""
        let skippedText = state.skippedShots > 0 ? ", \(state.skippedShots) shot(s) skipped" : ""
        let exitText = code == .success ? "" : " — exit \(code.rawValue)"
        context.logger.notice("\(context.job.name): \(state.stillsFiled) still(s), \(state.segmentsFiled) video file(s) filed\(whereText)\(skippedText)\(exitText)\(listText)")
        return code
    }
}
