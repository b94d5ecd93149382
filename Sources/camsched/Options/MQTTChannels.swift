import CamschedJobs
import CamschedMQTT
import CamschedScheduler
import Foundation
import Logging
import Synchronization

/// The MQTT channels of the daemon's jobs, by job name: made when a job is scheduled, kept
/// across runs (commands and availability work between them), replaced when a reload changes
/// the job's `mqtt` block, finished when the job is removed or the daemon stops.
final class MQTTChannels: Sendable {
    private let channels = Mutex<[String: MQTTJobChannel]>([:])
    private let logger = Logger(label: "camsched.mqtt")

    func channel(_ job: String) -> MQTTJobChannel? { channels.withLock { $0[job] } }

    /// Makes, keeps or replaces the channels of `jobs`; `runNow` is the daemon's run-now, the
    /// status server's `POST /api/jobs/NAME/run`; `snapshotNow` takes one still for the job.
    func update(_ jobs: [Job], runNow: @escaping @Sendable (String) async -> RunNowResult,
                snapshotNow: @escaping @Sendable (String) async -> RunNowResult) {
        let wanted = Dictionary(jobs.compactMap { job in job.mqtt.map { _ in (job.name, job) } }, uniquingKeysWith: { first, _ in first })
        var retired: [MQTTJobChannel] = []
        var added: [Job] = []
        channels.withLock { channels in
            for (name, channel) in channels where wanted[name]?.mqtt != channel.spec {
                retired.append(channel)
                channels[name] = nil
            }
            added = wanted.values.filter { channels[$0.name] == nil }
        }
        for channel in retired {
            // A job removed, or no longer wanting discovery: its device leaves Home Assistant.
            if let device = channel.homeAssistant, wanted[channel.connection.topics.job]?.mqtt?.homeAssistant != true {
                logger.info("\(channel.connection.topics.job): removing its device from Home Assistant")
                device.withdraw()
            }
            Task { await channel.finish(within: 3) }
        }
        for job in added {
            guard let channel = MQTTJobChannel.make(job: job, root: nil, logger: logger) else { continue }
            let name = job.name
            channel.commands.handle("run") { MQTTCommandOutcome(await runNow(name), job: name) }
            channel.commands.handle("snapshot") { MQTTCommandOutcome(snapshot: await snapshotNow(name), job: name) }
            Self.handleTrigger(channel, job: name)
            channels.withLock { $0[name] = channel }
        }
    }

    /// The command `run` and the daemon answer alike: trigger (as `POST /api/jobs/NAME/trigger`).
    static func handleTrigger(_ channel: MQTTJobChannel, job: String) {
        channel.commands.handle("trigger") { MQTTCommandOutcome(ExternalTriggers.shared.fire(job: job), job: job) }
    }

    func finishAll(within seconds: Double) async {
        let all = channels.withLock { channels in
            defer { channels = [:] }
            return Array(channels.values)
        }
        await withTaskGroup(of: Void.self) { group in
            for channel in all { group.addTask { await channel.finish(within: seconds) } }
        }
    }
}
