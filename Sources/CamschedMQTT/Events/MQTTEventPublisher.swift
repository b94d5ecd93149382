import CamschedFiling
import CamschedScheduler
import Foundation
import Synchronization

/// Publishes a job's run events over its ``MQTTConnection``: each as its ``RunEventDocument``
/// (the document `--json` writes) on `PREFIX/JOB/event/EVENT` through the durable queue (QoS
/// 1, with a unique `id` added), and the retained state document on `PREFIX/JOB/state`. A run event subscriber,
/// as the hooks and the catalog are: it only hands messages over, so a broker that is away
/// never slows the capture. One per job and connection; in the daemon it outlives the runs.
package final class MQTTEventPublisher: RunEndCheck {
    package let connection: MQTTConnection
    /// Below this many free bytes in the output root a `disk-low` event is published.
    let lowDiskBytes: Int64
    private let tracked: Mutex<(state: MQTTJobState, root: String?, diskLow: Bool)>

    /// The default `disk-low` threshold when the job's retention has no `minFree`: 1 GiB.
    package static let defaultLowDiskBytes: Int64 = 1 << 30

    package init(connection: MQTTConnection, lowDiskBytes: Int64?) {
        self.connection = connection
        self.lowDiskBytes = lowDiskBytes ?? Self.defaultLowDiskBytes
        var state = MQTTJobState()
        state.restoreCount(connection.remembered("filesToday"), now: Date())
        tracked = Mutex((state, nil, false))
    }

    /// Publishes the state document as it is (at start-up: `idle`, or the last run's outcome).
    package func publishState() {
        let document = tracked.withLock { $0.state.document }
        connection.publishLatest(topic: connection.topics.state, payload: JSONDocument.bytes(document))
    }

    package func receive(_ event: TimedRunEvent) {
        if let document = RunEventDocument(event, job: connection.topics.job) {
            connection.publish(topic: connection.topics.event(document.event), payload: JSONDocument.bytes(document.identified()),
                               retain: false, qos: 1)
        }
        let (document, lowDisk, remembered) = tracked.withLock { tracked in
            let counted = update(&tracked, with: event)
            let low = checkDisk(&tracked, event)
            return (counted.changed ? tracked.state.document : nil, low, counted.filed ? tracked.state.rememberedCount : nil)
        }
        if let remembered { connection.remember(remembered, for: "filesToday") }
        if let lowDisk { publishEvent(.diskLow(freeBytes: lowDisk, thresholdBytes: lowDiskBytes), at: event.time) }
        if let document { connection.publishLatest(topic: connection.topics.state, payload: JSONDocument.bytes(document)) }
    }

    /// How long a run that ends waits for the broker's first answer, to know whether it refused
    /// the login (a broker that does not answer in time is taken as away, a warning).
    static let answerWait = 2.0

    /// A refused login fails the run: the job asked for MQTT, and it cannot work until the
    /// login is corrected (the connection said so once in the log, as an error).
    package func failureAtRunEnd() -> String? {
        connection.loginRefusal(waitingUpTo: Self.answerWait)?.description
    }

    /// An MQTT-only event (`disk-low`, `command`), in the shape of the run events' documents.
    func publishEvent(_ members: MQTTOwnEventMembers, at time: Date = Date()) {
        let event = MQTTOwnEvent(time: time, job: connection.topics.job, members: members)
        connection.publish(topic: connection.topics.event(event.event), payload: JSONDocument.bytes(event.identified()),
                           retain: false, qos: 1)
    }

    /// Moves the state document; whether it changed and whether a file was counted.
    private func update(_ tracked: inout (state: MQTTJobState, root: String?, diskLow: Bool), with timed: TimedRunEvent) -> (changed: Bool, filed: Bool) {
        tracked.state.updatedAt = timed.time
        switch timed.event {
        case .started(let start):
            (tracked.state.state, tracked.state.run, tracked.root, tracked.diskLow) = ("running", start.run, start.root, false)
            (tracked.state.stills, tracked.state.segments, tracked.state.fps) = (0, 0, nil)
            tracked.state.freeBytes = try? FilesystemSpace.freeBytes(at: start.root)
        case .captured(let still):
            tracked.state.stills += 1
            tracked.state.countFile(still.location.relativePath, at: timed.time)
            return (true, true)
        case .segmentFiled(let segment):
            tracked.state.segments += 1
            tracked.state.countFile(segment.location.relativePath, at: timed.time)
            return (true, true)
        case .rate(let rate):
            guard rate.fps != tracked.state.fps else { return (false, false) }
            tracked.state.fps = rate.fps
        case .pressureChanged(let pressure): tracked.state.pressure = pressure.level.rawValue
        case .interrupted: tracked.state.state = "waiting for camera"
        case .resumed: tracked.state.state = "running"
        case .done(let summary):
            tracked.state.state = summary.exitCode == 0 ? "idle" : "failed"
            (tracked.state.lastExitCode, tracked.state.fps) = (Int(summary.exitCode), nil)
        default: return (false, false)
        }
        return (true, false)
    }

    /// The free bytes when they just fell below the threshold (once a run), else nil; refreshes
    /// the state's `freeBytes` at each filed file.
    private func checkDisk(_ tracked: inout (state: MQTTJobState, root: String?, diskLow: Bool), _ timed: TimedRunEvent) -> Int64? {
        switch timed.event {
        case .captured, .segmentFiled: break
        default: return nil
        }
        guard let root = tracked.root, let free = try? FilesystemSpace.freeBytes(at: root) else { return nil }
        tracked.state.freeBytes = free
        guard free < lowDiskBytes, !tracked.diskLow else { return nil }
        tracked.diskLow = true
        return free
    }
}
