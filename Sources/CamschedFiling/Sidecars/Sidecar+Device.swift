extension Sidecar {
    /// The camera a file came from, as V4L2 reports it.
    public struct Device: Codable, Sendable, Hashable {
        /// The node or URI opened (`/dev/video0`, `test:`).
        public var path: String
        /// The card name (`VIDIOC_QUERYCAP` `card`).
        public var card: String
        /// The driver (`uvcvideo`).
        public var driver: String
        /// The bus (`usb-0000:00:14.0-1`).
        public var bus: String

        /// Describes a camera.
        public init(path: String, card: String, driver: String, bus: String) {
            self.path = path
            self.card = card
            self.driver = driver
            self.bus = bus
        }

        /// Written with ``DocumentKey`` (one key type for every nested object); the same JSON as
        /// the synthesized encoding.
        public func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: DocumentKey.self)
            try container.encode(path, forKey: "path")
            try container.encode(card, forKey: "card")
            try container.encode(driver, forKey: "driver")
            try container.encode(bus, forKey: "bus")
        }
    }
}
