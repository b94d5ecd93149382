import CamschedScheduler
import Dispatch
import Foundation

/// Keeps a job's Home Assistant device current during a run: its discovery configs when the run
/// starts (and the configs of entities the job no longer has cleared), the latest still's bytes
/// on the camera's image topic, and the motion sensor ON while a trigger job records a clip.
///
/// Everything goes through ``MQTTConnection/publishLatest(topic:payload:)``: only the newest
/// value of each topic matters, so none of it waits in the durable event queue (a still's bytes
/// in SQLite on every shot would multiply what an SD card is written). The still is read on a
/// queue of its own, never on the capture's thread.
package final class HomeAssistantSubscriber: RunEventSubscriber {
    /// Stills larger than this are not published (a retained message of many megabytes on every
    /// shot is no preview); the camera entity keeps showing the previous one.
    package static let largestImage = 8 << 20

    package let discovery: HomeAssistantDiscovery
    let publisher: MQTTConnection
    let reading = DispatchQueue(label: "camsched.homeassistant.image")

    var topics: HomeAssistantEntities.Topics { discovery.topics }

    package init(discovery: HomeAssistantDiscovery, publisher: MQTTConnection) {
        self.discovery = discovery
        self.publisher = publisher
    }

    package func receive(_ event: TimedRunEvent) {
        switch event.event {
        case .captured(let still): publishImage(still.location.url)
        case .trigger: publisher.publishLatest(topic: topics.motion, payload: Array("ON".utf8))
        case .segmentFiled(let segment) where segment.kind == .clip:
            publisher.publishLatest(topic: topics.motion, payload: Array("OFF".utf8))
        case .done: if discovery.device.kind == .trigger { publisher.publishLatest(topic: topics.motion, payload: Array("OFF".utf8)) }
        default: break
        }
    }

    /// Removes the job's device from Home Assistant: an empty retained config for each entity
    /// (the job was removed from the daemon, or no longer wants discovery).
    package func withdraw() {
        for topic in discovery.allConfigTopics() { publisher.publishLatest(topic: topic, payload: []) }
        publisher.publishLatest(topic: topics.image, payload: [])
        publisher.publishLatest(topic: topics.motion, payload: [])
    }

    /// The job's configs, and an empty config (Home Assistant removes the entity) for every
    /// entity a job could have but this one has not: a job that stopped taking commands loses
    /// its buttons, one that is no longer a trigger job its motion sensor.
    package func announce() {
        let configs = discovery.configs()
        let current = Set(configs.map(\.topic))
        for topic in discovery.allConfigTopics() where !current.contains(topic) {
            publisher.publishLatest(topic: topic, payload: [])
        }
        for config in configs { publisher.publishLatest(topic: config.topic, payload: config.payload) }
    }

    func publishImage(_ url: URL) {
        guard ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) else { return }
        let topic = topics.image, publisher = self.publisher
        reading.async {
            guard let data = try? Data(contentsOf: url, options: .uncached), !data.isEmpty, data.count <= Self.largestImage else { return }
            publisher.publishLatest(topic: topic, payload: Array(data))
        }
    }
}
