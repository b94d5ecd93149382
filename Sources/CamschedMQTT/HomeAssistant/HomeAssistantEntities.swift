import CamschedJobs
/// The entities a job's device has in Home Assistant, by job kind and by whether the job takes
/// remote commands.
///
/// - a camera showing the latest still (the image topic carries the JPEG's bytes, retained);
/// - for a `trigger` job, a motion binary sensor (ON while a clip is being recorded);
/// - sensors read from the job's retained state document: frame rate, pressure, free space,
///   the last file's time, files today;
/// - buttons that publish to the job's command topics (run now, snapshot; trigger for a
///   trigger job), only when the job allows remote commands: a button that is always refused
///   would only mislead. A snapshot is carried out by the daemon between the job's runs (see
///   ``MQTTCommandOutcome/init(snapshot:job:)``).
package enum HomeAssistantEntities {
    /// The job's topics the entities read and write, under `PREFIX/JOB/` (``MQTTTopics``).
    package struct Topics: Sendable, Equatable {
        /// `PREFIX/JOB/image`: the latest still's bytes (retained).
        package var image: String
        /// `PREFIX/JOB/motion`: `ON` / `OFF` (retained).
        package var motion: String
        /// `PREFIX/JOB/state`: the job's state document (retained); the sensors read its members.
        package var state: String
        /// `PREFIX/JOB/availability`: `online` / `offline` (the last will).
        package var availability: String
        /// `PREFIX/JOB/command/`: a verb is appended.
        package var commandPrefix: String

        package init(_ topics: MQTTTopics) {
            image = topics.base + "/image"
            motion = topics.base + "/motion"
            state = topics.state
            availability = topics.availability
            commandPrefix = topics.command("")
        }
    }

    package static func of(kind: CaptureKind, allowsCommands: Bool, topics: Topics) -> [HomeAssistantEntity] {
        var entities = [
            HomeAssistantEntity(.camera, "still", name: "Latest still", fields: ["topic": .string(topics.image)]),
        ]
        if kind == .trigger {
            entities.append(HomeAssistantEntity(.binarySensor, "motion", name: "Motion", fields: [
                "state_topic": .string(topics.motion), "device_class": "motion",
                "payload_on": "ON", "payload_off": "OFF",
            ]))
        }
        entities += sensors(state: topics.state)
        if allowsCommands {
            entities += buttons(kind: kind, commandPrefix: topics.commandPrefix)
        }
        return entities
    }

    /// Every entity any job could have (a trigger job that takes commands has them all): the
    /// config topics a removed job clears.
    package static var everyEntity: [HomeAssistantEntity] {
        of(kind: .trigger, allowsCommands: true, topics: Topics(MQTTTopics(prefix: "", node: "", job: "")))
    }

    static func sensors(state: String) -> [HomeAssistantEntity] {
        func sensor(_ key: String, _ name: String, _ member: String, _ extra: [String: DiscoveryValue]) -> HomeAssistantEntity {
            var fields: [String: DiscoveryValue] = [
                "state_topic": .string(state), "value_template": .string("{{ value_json.\(member) }}"),
            ]
            fields.merge(extra) { _, new in new }
            return HomeAssistantEntity(.sensor, key, name: name, fields: fields)
        }
        return [
            sensor("fps", "Frame rate", "fps", ["unit_of_measurement": "fps", "state_class": "measurement",
                                                "icon": "mdi:filmstrip"]),
            sensor("pressure", "Pressure", "pressure", ["icon": "mdi:thermometer-alert", "entity_category": "diagnostic"]),
            sensor("free_space", "Free space", "freeBytes", ["device_class": "data_size", "unit_of_measurement": "B",
                                                           "state_class": "measurement", "entity_category": "diagnostic"]),
            sensor("last_file", "Last file", "lastFileAt", ["device_class": "timestamp"]),
            sensor("files_today", "Files today", "filesToday", ["state_class": "total_increasing",
                                                                "icon": "mdi:file-multiple"]),
        ]
    }

    static func buttons(kind: CaptureKind, commandPrefix: String) -> [HomeAssistantEntity] {
        var verbs = [("run", "Run now", "mdi:play"), ("snapshot", "Snapshot", "mdi:camera")]
        if kind == .trigger { verbs.append(("trigger", "Trigger", "mdi:motion-sensor")) }
        return verbs.map { verb, name, icon in
            HomeAssistantEntity(.button, verb, name: name, fields: [
                "command_topic": .string(commandPrefix + verb), "icon": .string(icon),
            ])
        }
    }
}
