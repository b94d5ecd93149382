/// The camera a file came from, as V4L2 reports it.
package struct SidecarDevice: Codable, Sendable, Hashable {
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
}
