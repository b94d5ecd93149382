import ArgumentParser
import CamschedJobs
import Foundation

/// `camsched validate JOB.json...`: every problem in every file, nothing changed.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check job files and print every problem (with JSON path, line and column); changes nothing.",
        discussion: "Exit code 0 when every file is valid, 2 otherwise; 1 when the output could not be written (a reader that stops early is not an error).")

    @Argument(help: "Job files to check.")
    var jobs: [String]

    func validate() throws {
        if jobs.isEmpty { throw ValidationError("name at least one job file") }
    }

    func run() async throws {
        Terminal.outputIsTheProduct()
        var bad = 0
        for path in jobs {
            do {
                let job = try JobLoading.load(path)
                Terminal.out("\(path): ok (\(job.name), \(job.capture.kind.rawValue)\(job.schedule.map { ", schedule \($0.time)" } ?? ""))")
            } catch {
                bad += 1
                LogOutput.shared.say(error.message, level: .error, program: false)
            }
        }
        // An invalid file (2) says more than lost output (1); the lost output is still named.
        let lost = Terminal.lostOutput()
        if let lost { Terminal.error(lost.message) }
        if bad > 0 { Foundation.exit(2) }
        if let lost { Foundation.exit(lost.code.rawValue) }
    }
}
