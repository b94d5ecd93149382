extension Sidecar {
    /// The camera a file came from, as V4L2 reports it.
    package struct Device: Codable, Sendable, Hashable {
        /// The node or URI opened (`/dev/video0`, `test:`).
        package var path: String
        /// The card name (`VIDIOC_QUERYCAP` `card`).
        package var card: String
        /// The driver (`uvcvideo`).
        package var driver: String
        /// The bus (`usb-0000:00:14.0-1`).
        package var bus: String

        /// Describes a camera.
        package init(path: String, card: String, driver: String, bus: String) {
            (self.path, self.card, self.driver, self.bus) = (path, card, driver, bus)
        }

        /// Written with ``DocumentKey`` (one key type for every nested object); the same JSON as
        /// the synthesized encoding.
        package func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: DocumentKey.self)
            try container.encode(path, forKey: "path")
            try container.encode(card, forKey: "card")
            try container.encode(driver, forKey: "driver")
            try container.encode(bus, forKey: "bus")
        }
    }
}
