import ArgumentParser
import CamschedMedia
import CamschedScheduler
import Foundation

/// `camsched`: a batch still/video capture scheduler for V4L2 and network cameras.
@main
struct Camsched: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camsched",
        abstract: "Runs still, time-lapse, burst, recording and motion-clip jobs against V4L2 and network cameras and files every result.",
        discussion: """
            Jobs are JSON files (see Documentation/job-reference.md). `camsched run JOB` runs a job once, now \
            (what a cron line calls); `camsched daemon` runs jobs by their schedule.

            Exit codes: 0 done; 1 failed at run time (after filing what it could) or filed none of the shots it was due; \
            2 invalid input; \
            3 camera unavailable; 75 --lock fail and the camera is held; 130/143 stopped by SIGINT/SIGTERM, 129 \
            (run only) stopped by SIGHUP, each after finalising every open file.

            Logs go to stderr: plain on a terminal, each line after an RFC 3339 time otherwise, and after its \
            syslog priority (<3> error, <4> warning, <6> info, <7> debug) under journald. run, daemon and \
            snapshot take --log-level; CAMSCHED_LOG_LEVEL sets it for every command. The man page camsched(1) \
            lists every environment variable.
            """,
        version: "camsched \(CamschedVersion.current)",
        subcommands: [
            RunCommand.self, DaemonCommand.self, ValidateCommand.self, PlanCommand.self, DevicesCommand.self,
            SnapshotCommand.self, AssembleCommand.self, CatalogCommand.self, ReportCommand.self, TriggerCommand.self,
        ]
    )

    /// Parses and runs, mapping usage errors to exit code 2 (SPEC section 2) instead of
    /// ArgumentParser's 64.
    static func main() async {
        // Closed stdout/stderr (`>&- 2>&-`) are /dev/null before any file is opened, and a reader
        // of them that exits (`| head`) must not end a recording.
        StandardStream.reserveClosedDescriptors()
        StandardStream.ignoreBrokenPipes()
        MemoryTrim.configureAllocator()
        MediaLog.quiet()
        // `snapshot` with plain options starts without swift-argument-parser (SnapshotArguments).
        if let snapshot = SnapshotArguments(fastParsing: Array(CommandLine.arguments.dropFirst())) {
            SnapshotCommand.take(snapshot, logLevel: nil)
            return
        }
        // So does `run` with the options a cron line uses (RunArguments): no status server, no metrics file.
        if let run = RunArguments(fastParsing: Array(CommandLine.arguments.dropFirst())) {
            await RunCommand.run(run) { _, _ in nil }
        }
        if let problem = CommandSuggestion.problem(in: Array(CommandLine.arguments.dropFirst()), command: Camsched.self) {
            Terminal.error(problem)
            Foundation.exit(RunExitCode.invalidInput.rawValue)
        }
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
                Terminal.error(usageProblem(error, arguments: Array(CommandLine.arguments.dropFirst())))
                Foundation.exit(RunExitCode.invalidInput.rawValue)
            }
            exit(withError: error)
        }
    }

    /// A usage error in camsched's own format (`camsched: error: …`, one sentence) with a pointer
    /// to the command's help, instead of swift-argument-parser's `Error:` and usage dump.
    static func usageProblem(_ error: any Error, arguments: [String]) -> String {
        var text = message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("Error: ") { text.removeFirst(7) }
        // "Missing expected argument" reads as the rest of camsched's messages: lower case first,
        // unless the word is an acronym or an option.
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let path = CommandSuggestion.commandPath(of: arguments, command: Camsched.self)
        let help = path.count > 1 ? "camsched help " + path.dropFirst().joined(separator: " ") : "camsched --help"
        return lines.joined(separator: "; ") + " (see `\(help)`)"
    }
}
