internal import CV4L2Shim

/// What a device node is and can do, from `VIDIOC_QUERYCAP`.
package struct V4L2Capability: Hashable, Sendable {
    /// The driver's name, e.g. "vivid" or "uvcvideo".
    package let driver: String
    /// The card (device) name, e.g. "HD Pro Webcam C920".
    package let card: String
    /// Where the device sits, e.g. "usb-0000:00:14.0-1" or "platform:vivid-000".
    package let busInfo: String
    /// The kernel version packed as `(major << 16) | (minor << 8) | patch`.
    package let version: UInt32
    /// What the whole physical device can do, across all its nodes.
    package let capabilities: V4L2CapabilityFlags
    /// What this node can do (`device_caps`); equal to `capabilities` for old drivers without it.
    package let deviceCaps: V4L2CapabilityFlags

    /// Wraps the C structure.
    init(_ raw: v4l2_capability) {
        driver = String(fixedCString: raw.driver)
        card = String(fixedCString: raw.card)
        busInfo = String(fixedCString: raw.bus_info)
        version = raw.version
        capabilities = V4L2CapabilityFlags(rawValue: raw.capabilities)
        deviceCaps = capabilities.contains(.deviceCapabilities)
            ? V4L2CapabilityFlags(rawValue: raw.device_caps) : capabilities
    }

    /// Whether this node captures video through the single-planar API.
    package var isVideoCapture: Bool { deviceCaps.contains(.videoCapture) }

    /// Whether this node can stream through memory-mapped buffers.
    package var canStream: Bool { deviceCaps.contains(.streaming) }

    /// The version as "major.minor.patch".
    package var versionString: String {
        "\(version >> 16).\((version >> 8) & 0xff).\(version & 0xff)"
    }
}
