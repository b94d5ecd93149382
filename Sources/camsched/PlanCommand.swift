import ArgumentParser
import CamschedFiling
import CamschedJobs
import CamschedScheduler
import Foundation

/// `camsched plan JOB.json`: what would happen and when, without touching a camera.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show when a job would fire and what each fire would capture.",
        discussion: """
            With a "schedule", the next cron fire times after --from (default: now), in the job's time zone and \
            correct across daylight-saving changes; without one, a single fire at --from (what `run` does). \
            --json prints one JSON object per fire with "at" (RFC 3339 UTC) and its captures.
            """)

    @Argument(help: "The job file.")
    var job: String

    @Option(help: "Plan from this instant (RFC 3339, e.g. 2026-03-29T00:00:00+01:00). Default: now.")
    var from: String?

    @Option(help: "How many fires to show, 1 to 100000.")
    var count = 10

    @Flag(help: "One JSON object per fire on stdout.")
    var json = false

    func validate() throws {
        if count < 1 || count > 100_000 { throw ValidationError("--count must be from 1 to 100000, found \(count)") }
        if let from, RFC3339DateParser.parse(from) == nil {
            throw ValidationError("--from \(from) is not an RFC 3339 time; \(RFC3339DateParser.syntaxHint)")
        }
    }

    func run() async throws {
        let loaded: Job
        do { loaded = try JobLoading.load(job) } catch { exit(with: error) }
        let start = from.flatMap { RFC3339DateParser.parse($0) } ?? Date()
        let fires = SchedulePlanner().fires(of: loaded, from: start, count: count)
        let zone = loaded.timeZone
        for fire in fires {
            if json {
                var object: [String: Any] = [
                    "at": RFC3339Timestamp.string(from: fire.at), "job": loaded.name, "kind": loaded.capture.kindName,
                    "totalCaptures": fire.totalCaptures,
                    "captures": fire.captures.map { capture -> [String: Any] in
                        var item: [String: Any] = ["kind": capture.kind.rawValue, "index": capture.index,
                                                   "at": RFC3339Timestamp.string(from: capture.at)]
                        if let d = capture.duration { item["duration"] = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
                        if let n = capture.segmentCount { item["segments"] = n }
                        if let ev = capture.exposureOffset { item["exposureOffset"] = ev }
                        return item
                    },
                ]
                if let end = fire.endsAt { object["endsAt"] = RFC3339Timestamp.string(from: end) }
                if fire.isTruncated { object["truncated"] = true }
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
                Terminal.out(String(decoding: data, as: UTF8.self))
            } else {
                let local = PlanCommand.localText(fire.at, zone: zone)
                var line = "\(local)  \(loaded.capture.kindName)  \(fire.totalCaptures) capture(s)"
                if let end = fire.endsAt { line += ", until \(PlanCommand.localText(end, zone: zone))" }
                Terminal.out(line)
            }
        }
    }

    static func localText(_ date: Date, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss ZZZZZ"
        return formatter.string(from: date) + " (\(zone.abbreviation(for: date) ?? zone.identifier))"
    }
}
