/// One entity of a job's device in Home Assistant: its platform, its id within the device, and
/// the platform's fields (Home Assistant's MQTT integration documents each platform's keys:
/// camera.mqtt, binary_sensor.mqtt, sensor.mqtt, button.mqtt).
package struct HomeAssistantEntity: Sendable, Equatable {
    package enum Platform: String, Sendable, CaseIterable {
        case camera
        case binarySensor = "binary_sensor"
        case sensor
        case button
    }

    package var platform: Platform
    /// The entity's id within the job's device (`still`, `motion`, `fps`, …): the last part of
    /// its unique id and of its discovery topic's object id.
    package var key: String
    /// The name Home Assistant shows after the device's name ("garden Latest still").
    package var name: String
    /// The platform's own fields (topics, device class, unit, template…).
    package var fields: [String: DiscoveryValue]

    package init(_ platform: Platform, _ key: String, name: String, fields: [String: DiscoveryValue]) {
        self.platform = platform
        self.key = key
        self.name = name
        self.fields = fields
    }
}
