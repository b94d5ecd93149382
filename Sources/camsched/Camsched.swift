import ArgumentParser
import CamschedMedia
import CamschedScheduler
import Foundation

/// `camsched`: a batch still/video capture scheduler for V4L2 cameras.
@main
struct Camsched: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camsched",
        abstract: "Runs still, time-lapse, burst and recording jobs against V4L2 cameras and files every result.",
        discussion: """
            Jobs are JSON files (see Documentation/job-reference.md). `camsched run JOB` runs a job once, now \
            (what a cron line calls); `camsched daemon` runs jobs by their schedule.

            Exit codes: 0 done; 1 failed at run time (after filing what it could); 2 invalid input; \
            3 camera unavailable; 75 --lock fail and the camera is held; 130/143 stopped by SIGINT/SIGTERM.
            """,
        version: "camsched \(CamschedVersion.current)",
        subcommands: [
            RunCommand.self, DaemonCommand.self, ValidateCommand.self, PlanCommand.self, DevicesCommand.self,
            SnapshotCommand.self, AssembleCommand.self, CatalogCommand.self,
        ]
    )

    /// Parses and runs, mapping usage errors to exit code 2 (SPEC section 2) instead of
    /// ArgumentParser's 64.
    static func main() async {
        MemoryTrim.configureAllocator()
        MediaLog.quiet()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure || code.rawValue == 64 {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(RunExitCode.invalidInput.rawValue)
            }
            exit(withError: error)
        }
    }
}
