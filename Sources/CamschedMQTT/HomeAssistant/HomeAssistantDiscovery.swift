import CamschedFiling
import CamschedJobs
import Foundation

/// The retained MQTT discovery configs that make one job a device in Home Assistant
/// (Home Assistant's "MQTT Discovery": `<discovery prefix>/<platform>/<node id>/<object id>/config`).
///
/// The node id is camsched's node (host) name and the object id `<job>_<entity>`, both reduced to
/// the characters Home Assistant allows in them; the unique id is `camsched_<node id>_<object id>`,
/// so two camsched hosts publishing to one broker never collide. Every entity belongs to the
/// job's device and is available while the job's availability topic says `online`.
package struct HomeAssistantDiscovery: Sendable {
    package struct Device: Sendable, Equatable {
        package var node: String
        package var job: String
        /// `interval`, `burst`, `record`, `trigger`…
        package var kind: CaptureKind
        package var version: String

        package init(node: String, job: String, kind: CaptureKind, version: String) {
            self.node = node
            self.job = job
            self.kind = kind
            self.version = version
        }
    }

    package var discoveryPrefix: String
    package var device: Device
    package var topics: HomeAssistantEntities.Topics
    package var entities: [HomeAssistantEntity]

    package init(discoveryPrefix: String, device: Device, topics: HomeAssistantEntities.Topics, allowsCommands: Bool) {
        self.discoveryPrefix = discoveryPrefix
        self.device = device
        self.topics = topics
        entities = HomeAssistantEntities.of(kind: device.kind, allowsCommands: allowsCommands, topics: topics)
    }

    /// Each entity's config topic and JSON payload (sorted keys: the same bytes every run).
    package func configs() -> [(topic: String, payload: [UInt8])] {
        entities.map { (configTopic(of: $0), payload(of: $0)) }
    }

    package func configTopic(of entity: HomeAssistantEntity) -> String {
        "\(discoveryPrefix)/\(entity.platform.rawValue)/\(nodeID)/\(objectID(of: entity))/config"
    }

    /// Every config topic this job's device could have, whatever its kind: what a removed job
    /// clears (an empty retained payload removes an entity).
    package func allConfigTopics() -> [String] {
        HomeAssistantEntities.everyEntity.map { configTopic(of: $0) }
    }

    var nodeID: String { Self.identifier(device.node) }

    func objectID(of entity: HomeAssistantEntity) -> String { Self.identifier(device.job) + "_" + entity.key }

    func payload(of entity: HomeAssistantEntity) -> [UInt8] {
        var config = entity.fields
        config["name"] = .string(entity.name)
        config["unique_id"] = .string("camsched_\(nodeID)_\(objectID(of: entity))")
        config["availability_topic"] = .string(topics.availability)
        config["device"] = .object([
            "identifiers": .list([.string("camsched_\(nodeID)_\(Self.identifier(device.job))")]),
            "name": .string(device.job),
            "manufacturer": "camsched",
            "model": .string("\(device.kind.rawValue) job on \(device.node)"),
            "sw_version": .string(device.version),
        ])
        return JSONDocument.bytes(config)
    }

    /// `name` with every character Home Assistant does not allow in a node or object id
    /// (`[a-zA-Z0-9_-]`) made `_`; when that changed the name, a short hash of the name is
    /// appended so that `a.b` and `a_b` stay two ids.
    static func identifier(_ name: String) -> String {
        let allowed = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
                ? Character(scalar) : "_"
        }
        let id = String(allowed)
        guard id != name else { return id }
        var hash: UInt32 = 2_166_136_261  // FNV-1a: stable across runs and hosts, unlike Hasher
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return id + "_" + String(hash, radix: 16)
    }
}
