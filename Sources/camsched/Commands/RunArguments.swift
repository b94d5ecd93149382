import CamschedCapture
import CamschedJobs
import CamschedScheduler
import Foundation
import Logging

/// `camsched run`'s options as plain values: what ``RunCommand`` holds once
/// swift-argument-parser has parsed them, and what ``init(fastParsing:)`` reads without it.
///
/// `run` is what a cron line calls, and a one-shot run spent a quarter of its host CPU in
/// swift-argument-parser before the job file was read (each first cast or generic type it
/// instantiates walks every protocol conformance record of the static binary), as `snapshot`
/// did (``SnapshotArguments``). The forms a cron line or a script writes — the job file and each
/// option below at most once, as `--name value` or `--name=value` — are read here; anything else
/// (help, a mistake, a repeated option, `--listen`, `--metrics-file` or `$CAMSCHED_METRICS_FILE`,
/// `--debug-motion`) goes to swift-argument-parser, which reports or serves it as usual.
struct RunArguments: Equatable {
    var job = ""
    var device: String?
    var output: String?
    var json = false
    var noProgress = false
    var lock: CameraLock.Policy = .wait
    var pressureFrom: String?
    var logLevel: Logger.Level?
    /// `--at`: the simulated start of a rehearsal, as typed (read in the job's zone once it is loaded).
    var at: String?
    /// `--speed`: a rehearsal's simulated seconds per real second.
    var speed: Double?

    init() {}

    /// `arguments` without the program name, starting with `run`; nil unless every word is the
    /// job file or one of the options above in a plain form, the values are valid, and no metrics
    /// file is asked for by `environment`.
    init?(fastParsing arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard arguments.first == "run", environment[MetricsFileOptions.environmentVariable]?.isEmpty ?? true else { return nil }
        guard let words = PlainOptions(arguments.dropFirst(), flags: ["--json", "--no-progress"]),
              words.positional.count == 1, let job = words.positional.first else { return nil }
        for (name, value) in words.options {
            switch (name, value) {
            case ("--json", _): json = true
            case ("--no-progress", _): noProgress = true
            case (_, let value?): guard set(name, value) else { return nil }
            default: return nil
            }
        }
        self.job = job
        guard problem() == nil else { return nil }
    }

    private mutating func set(_ name: String, _ value: String) -> Bool {
        switch name {
        case "--device": device = value
        case "--output": output = value
        case "--pressure-from": pressureFrom = value
        case "--at": at = value
        case "--speed": guard let parsed = Double(value) else { return false }; speed = parsed
        case "--lock": guard let parsed = CameraLock.Policy(rawValue: value) else { return false }; lock = parsed
        case "--log-level": guard let parsed = Logger.Level(rawValue: value) else { return false }; logLevel = parsed
        default: return false
        }
        return true
    }

    /// What is wrong with the values, or nil (``RunCommand/validate()`` reports it).
    func problem() -> String? {
        // An empty --output would silently mean the current folder.
        if let output, output.isEmpty { return "--output must not be empty; name the folder to file under" }
        if let device {
            do { try DeviceArgument.check(device) } catch { return "\(error)" }
        }
        if let pressureFrom, pressureFrom.isEmpty { return "--pressure-from must not be empty" }
        // The syntax now; a local time is read in the job's zone once the job is loaded.
        if let at, LocalDateTimeParser.parse(at, timeZone: TimeZone(identifier: "UTC") ?? .current) == nil {
            return "--at \(at) is not a time; \(LocalDateTimeParser.syntaxHint)"
        }
        if let speed, let problem = Rehearsal.problem(speed: speed) { return problem }
        return nil
    }
}
