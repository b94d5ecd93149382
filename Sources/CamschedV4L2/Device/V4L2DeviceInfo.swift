/// Everything `camsched devices` shows about one V4L2 node; `error` is set instead when the
/// node could not be opened or queried (e.g. no permission).
package struct V4L2DeviceInfo: Hashable, Sendable, Codable {
    /// The node, e.g. `/dev/video0`.
    package var path: String
    /// `/dev/v4l/by-id/*` links that point to the node (stable names of USB cameras).
    package var byIdLinks: [String] = []
    /// `/dev/v4l/by-path/*` links that point to the node (stable per port).
    package var byPathLinks: [String] = []
    package var card: String = ""
    package var driver: String = ""
    /// The bus information, e.g. `usb-0000:00:14.0-1` or `platform:vivid-000`.
    package var bus: String = ""
    /// The kernel version of the driver, "major.minor.patch".
    package var version: String = ""
    /// The names of what this node can do (its `device_caps`), e.g. "Video Capture", "Streaming".
    package var capabilities: [String] = []
    /// Whether this node captures video (cameras; not output, metadata or other nodes).
    package var isCapture: Bool = false
    /// Whether the node is one end of a media-controller pipeline (`V4L2_CAP_IO_MC`: vimc, a
    /// Raspberry Pi's CSI receiver): its camera is the pipeline, opened through libcamera.
    package var isMediaControllerCentric: Bool = false
    package var formats: [V4L2FormatDescription] = []
    package var controls: [V4L2ControlInfo] = []
    /// Why the node could not be opened or fully queried, as one sentence.
    package var error: String?

    package init(path: String) {
        self.path = path
    }
}
