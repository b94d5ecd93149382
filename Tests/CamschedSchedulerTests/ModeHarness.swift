import CamschedCore
import CamschedCapture
import CamschedFiling
import CamschedJobs
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Logging
import Testing

/// Runs a capture mode of a job on a scripted stream and a manual clock, filing into a
/// temporary root, and reads back what was filed.
final class ModeHarness {
    let root: URL
    let clock = ManualCaptureClock()
    let stream: ScriptedFrameStream
    let job: Job
    let options: RunOptions
    let record = RunRecord()
    let bus: RunEventBus
    let report: RunReporter
    let stop = StopSignal()
    let filing: RunFiling
    let events = EventCollector()

    init(_ jobJSON: String, fps: Double = 10) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mode-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        job = try JobLoader.load(data: Data(jobJSON.utf8), sourceURL: root.appendingPathComponent("job.json"))
        stream = ScriptedFrameStream(clock: clock, fps: fps)
        bus = RunEventBus([record, events])
        var options = RunOptions()
        options.triggerSocket = false
        self.options = options
        let logger = Logger(label: "test")
        report = RunReporter(events: bus, clock: clock, logger: logger)
        filing = RunFiling(job: job, runID: "test-run", root: root, template: try PathTemplate(parsing: job.output.path),
                           report: report, record: record, stop: stop, openCatalog: nil)
    }

    /// The mode the job's kind chooses, as a run makes it.
    func mode() -> any CaptureMode {
        ModeChoice.make(job: job, options: options, report: report, stop: stop, filing: filing)
    }

    /// The job's interval mode without pressure monitoring.
    func intervalMode() throws -> IntervalMode {
        IntervalMode(spec: try #require(job.capture.intervalSpec), timeZone: job.timeZone, report: report, stop: stop,
                     filing: filing, monitor: nil)
    }

    func recordMode(_ spec: RecordSpec, throttle: RecordingThrottle) -> RecordMode {
        RecordMode(spec: spec, camera: job.camera, report: report, stop: stop, filing: filing, throttle: throttle)
    }

    func triggerMode(_ spec: TriggerSpec, throttle: RecordingThrottle, external: ExternalTriggers) -> TriggerMode {
        TriggerMode(spec: spec, job: job, options: options, report: report, stop: stop, filing: filing, throttle: throttle,
                    external: external)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The sidecars filed, oldest first (by file name: the template is `{seq}`).
    func sidecars(ext: String) throws -> [[String: Any]] {
        let files = ((try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasSuffix(".\(ext).json") }.sorted()
        return try files.map {
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent($0))) as? [String: Any] ?? [:]
        }
    }

    func timestamp(_ value: Any?) -> Date? { (value as? String).flatMap(RFC3339Timestamp.date(from:)) }

    /// Seconds after the clock's wall origin.
    func offset(_ value: Any?) -> Double? { timestamp(value).map { $0.timeIntervalSince(clock.wallOrigin) } }
}

/// Keeps every event of a run.
final class EventCollector: RunEventSubscriber, @unchecked Sendable {
    private let lock = NSLock()
    private var list: [RunEvent] = []
    func receive(_ event: TimedRunEvent) { lock.withLock { list.append(event.event) } }
    var all: [RunEvent] { lock.withLock { list } }
    var errors: [String] { all.compactMap { if case let .error(text) = $0 { return text } else { return nil } } }
}

extension CaptureSpec {
    var intervalSpec: IntervalSpec? { if case let .interval(spec) = self { return spec } else { return nil } }
}
