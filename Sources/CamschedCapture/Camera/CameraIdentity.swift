/// Who a camera is, independent of the node number it got this time.
package struct CameraIdentity: Sendable, Equatable, Hashable, Codable {
    /// The node or URI it was opened through (`/dev/video0`, `test:`, `file:clip.mp4`).
    package var path: String
    /// Card name (`vivid`, `HD Pro Webcam C920`).
    package var card: String
    /// Driver name (`uvcvideo`, `vivid`, `camsched-test`).
    package var driver: String
    /// Bus information (`usb-0000:00:14.0-1`, `platform:vivid-000`).
    package var bus: String
    /// A key that stays the same across unplug/replug and renumbering: by-id link, or
    /// driver + bus + card. Used for locks and for finding the camera again.
    package var stableKey: String

    package init(path: String, card: String, driver: String, bus: String, stableKey: String? = nil) {
        self.path = path
        self.card = card
        self.driver = driver
        self.bus = bus
        self.stableKey = stableKey ?? "\(driver)|\(bus)|\(card)"
    }
}
