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
            With a "schedule", the next cron (or "at" sun event) fire times after --from (default: now), in the \
            job's time zone and correct across daylight-saving changes; without one, a single fire at --from \
            (what `run` does). An interval with "from"/"until" plans the window a run started then would take \
            (or says that day has none: polar day or night). A job with sun-relative times also lists, after \
            the fires, each of the --days coming days' fire time and window in local time with the event and \
            offset ("window 06:16:54 +02:00 (sunrise-30m) to 20:06:28 +02:00 (sunset+30m)", "no sunrise on \
            2026-06-21 (the sun stays up all day)"). \
            --json prints one JSON object per fire with "at" (RFC 3339 UTC), "totalCaptures", "endsAt" (the \
            last capture), "window" or "noWindow", and the first 100 captures ("truncated": true when there \
            are more); no day list. Each fire is \
            printed as soon as it is planned. Exit code 1 when the output cannot be written (a full disk, \
            /dev/full); a reader that stops early (| head -n 1) ends the plan with 0.
            """)

    @Argument(help: "The job file.")
    var job: String

    @Option(help: "Plan from this instant (RFC 3339, e.g. 2026-03-29T00:00:00+01:00). Default: now.")
    var from: String?

    @Option(help: "How many fires to show, 1 to 100000.")
    var count = 10

    @Option(help: "For jobs with sun-relative times: how many days of sun times to list from --from's day, 0 to 366.")
    var days = 7

    @Flag(help: "One JSON object per fire on stdout.")
    var json = false

    func validate() throws {
        if count < 1 || count > 100_000 { throw ValidationError("--count must be from 1 to 100000, found \(count)") }
        if days < 0 || days > 366 { throw ValidationError("--days must be from 0 to 366, found \(days)") }
        if let from, RFC3339DateParser.parse(from) == nil {
            throw ValidationError("--from \(from) is not an RFC 3339 time; \(RFC3339DateParser.syntaxHint)")
        }
    }

    /// Captures listed per fire with `--json`; `totalCaptures` and `endsAt` give the count and
    /// the last, so an interval of 1 ms over a day never lists millions of shots.
    static let listedCaptures = 100

    func run() async throws {
        let loaded: Job
        do { loaded = try JobLoading.load(job) } catch { exit(with: error) }
        let start = from.flatMap { RFC3339DateParser.parse($0) } ?? Date()
        // Each fire is printed as it is planned: memory stays that of one fire, and the first line
        // comes at once even for --count 100000. The table needs no capture list at all.
        Terminal.outputIsTheProduct()
        let planner = SchedulePlanner(captureLimit: json ? Self.listedCaptures : 0)
        let table = PlanTable(zone: loaded.timeZone)
        var record: RecordSpec?
        if case let .record(spec) = loaded.capture { record = spec }
        var reading = true
        planner.forEachFire(of: loaded, from: start, count: count) { fire in
            let segments = record?.segmentCount(startingAt: fire.at, timeZone: loaded.timeZone)
            Terminal.out(json ? Self.jsonLine(fire, job: loaded)
                : table.line(fire, kind: loaded.capture.kind.rawValue, segments: segments, untilStopped: record != nil && segments == nil))
            reading = !StandardStream.output.isStopped
            return reading
        }
        if !json, reading {
            for line in PlanSunDays(job: loaded).lines(from: start, days: days) { Terminal.out(line) }
        }
        if let lost = Terminal.lostOutput() { exit(with: lost) }
    }

    /// One fire as a line of JSON.
    static func jsonLine(_ fire: PlannedFire, job: Job) -> String {
        JSONDocument.line(PlanListing(fire, job: job))
    }
}
