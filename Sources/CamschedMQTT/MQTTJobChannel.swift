import CamschedJobs
import CamschedScheduler
import Foundation
import Logging

/// Everything MQTT of one job: its connection (and queue), the event publisher a run
/// subscribes, and its command topics. Made once per job and process: a `run` makes it for its
/// run, the daemon for each job it schedules (so commands and availability work between runs).
package final class MQTTJobChannel: Sendable {
    package let connection: MQTTConnection
    /// Add to each run's subscribers.
    package let publisher: MQTTEventPublisher
    package let commands: MQTTCommandRouter
    /// The job's Home Assistant device (`mqtt.homeAssistant`), else nil.
    package let homeAssistant: HomeAssistantSubscriber?
    /// The `mqtt` block the channel was made from (a reload compares it).
    package let spec: MQTTSpec

    /// Connects for `job`; nil when the job has no `mqtt` block. A password or library problem
    /// is logged (without the password) and gives nil: the capture runs without MQTT.
    package static func make(job: Job, root: URL?, logger: Logger,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> MQTTJobChannel? {
        guard let spec = job.mqtt else { return nil }
        do {
            let settings = try MQTTSettings(spec: spec, job: job.name, environment: environment)
            let connection = try MQTTConnection(settings: settings, root: root ?? job.output.root, logger: logger)
            return MQTTJobChannel(connection: connection, spec: spec, minFree: job.retention.minFree, kind: job.capture.kind,
                                  logger: logger)
        } catch {
            logger.error("\(job.name): \(error); the job runs without MQTT")
            return nil
        }
    }

    init(connection: MQTTConnection, spec: MQTTSpec, minFree: Int64?, kind: CaptureKind, logger: Logger) {
        self.connection = connection
        self.spec = spec
        let publisher = MQTTEventPublisher(connection: connection, lowDiskBytes: minFree)
        self.publisher = publisher
        commands = MQTTCommandRouter(connection: connection, allowed: spec.allowCommands, logger: logger) { event in
            publisher.publishEvent(event)
        }
        homeAssistant = spec.homeAssistant ? HomeAssistantSubscriber(discovery: HomeAssistantDiscovery(
            discoveryPrefix: spec.discoveryPrefix,
            device: .init(node: connection.topics.node, job: connection.topics.job, kind: kind, version: CamschedVersion.current),
            topics: HomeAssistantEntities.Topics(connection.topics), allowsCommands: spec.allowCommands), publisher: connection) : nil
        publisher.publishState()
        homeAssistant?.announce()
        connection.start()
    }

    /// What each run of the job subscribes: the event publisher and the Home Assistant device.
    package var subscribers: [any RunEventSubscriber] {
        [publisher] + (homeAssistant.map { [$0] } ?? [])
    }

    /// Sends what is queued and disconnects, waiting at most `seconds`.
    package func finish(within seconds: Double) async {
        await connection.finish(within: seconds)
    }
}
