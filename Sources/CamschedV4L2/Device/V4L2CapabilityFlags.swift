internal import CV4L2Shim

/// The `V4L2_CAP_*` bits of `v4l2_capability.capabilities` and `device_caps`.
public struct V4L2CapabilityFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let videoCapture = Self(rawValue: UInt32(V4L2_CAP_VIDEO_CAPTURE))
    public static let videoOutput = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OUTPUT))
    public static let videoOverlay = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OVERLAY))
    public static let vbiCapture = Self(rawValue: UInt32(V4L2_CAP_VBI_CAPTURE))
    public static let vbiOutput = Self(rawValue: UInt32(V4L2_CAP_VBI_OUTPUT))
    public static let slicedVBICapture = Self(rawValue: UInt32(V4L2_CAP_SLICED_VBI_CAPTURE))
    public static let slicedVBIOutput = Self(rawValue: UInt32(V4L2_CAP_SLICED_VBI_OUTPUT))
    public static let rdsCapture = Self(rawValue: UInt32(V4L2_CAP_RDS_CAPTURE))
    public static let videoOutputOverlay = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OUTPUT_OVERLAY))
    public static let hardwareFrequencySeek = Self(rawValue: UInt32(V4L2_CAP_HW_FREQ_SEEK))
    public static let rdsOutput = Self(rawValue: UInt32(V4L2_CAP_RDS_OUTPUT))
    public static let videoCaptureMultiplanar = Self(rawValue: UInt32(V4L2_CAP_VIDEO_CAPTURE_MPLANE))
    public static let videoOutputMultiplanar = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OUTPUT_MPLANE))
    public static let videoMemoryToMemoryMultiplanar = Self(rawValue: UInt32(V4L2_CAP_VIDEO_M2M_MPLANE))
    public static let videoMemoryToMemory = Self(rawValue: UInt32(V4L2_CAP_VIDEO_M2M))
    public static let tuner = Self(rawValue: UInt32(V4L2_CAP_TUNER))
    public static let audio = Self(rawValue: UInt32(V4L2_CAP_AUDIO))
    public static let radio = Self(rawValue: UInt32(V4L2_CAP_RADIO))
    public static let modulator = Self(rawValue: UInt32(V4L2_CAP_MODULATOR))
    public static let sdrCapture = Self(rawValue: UInt32(V4L2_CAP_SDR_CAPTURE))
    public static let extendedPixFormat = Self(rawValue: UInt32(V4L2_CAP_EXT_PIX_FORMAT))
    public static let sdrOutput = Self(rawValue: UInt32(V4L2_CAP_SDR_OUTPUT))
    public static let metadataCapture = Self(rawValue: UInt32(V4L2_CAP_META_CAPTURE))
    public static let readWrite = Self(rawValue: UInt32(V4L2_CAP_READWRITE))
    public static let streaming = Self(rawValue: UInt32(V4L2_CAP_STREAMING))
    public static let metadataOutput = Self(rawValue: UInt32(V4L2_CAP_META_OUTPUT))
    public static let touch = Self(rawValue: UInt32(V4L2_CAP_TOUCH))
    public static let mediaControllerIO = Self(rawValue: UInt32(V4L2_CAP_IO_MC))
    public static let deviceCapabilities = Self(rawValue: UInt32(V4L2_CAP_DEVICE_CAPS))

    /// Every known flag with the name `v4l2-ctl --info` prints for it.
    public static let named: [(flag: V4L2CapabilityFlags, name: String)] = [
        (.videoCapture, "Video Capture"), (.videoOutput, "Video Output"), (.videoOverlay, "Video Overlay"),
        (.vbiCapture, "VBI Capture"), (.vbiOutput, "VBI Output"), (.slicedVBICapture, "Sliced VBI Capture"),
        (.slicedVBIOutput, "Sliced VBI Output"), (.rdsCapture, "RDS Capture"),
        (.videoOutputOverlay, "Video Output Overlay"), (.hardwareFrequencySeek, "HW Frequency Seek"),
        (.rdsOutput, "RDS Output"), (.videoCaptureMultiplanar, "Video Capture Multiplanar"),
        (.videoOutputMultiplanar, "Video Output Multiplanar"),
        (.videoMemoryToMemoryMultiplanar, "Video Memory-to-Memory Multiplanar"),
        (.videoMemoryToMemory, "Video Memory-to-Memory"), (.tuner, "Tuner"), (.audio, "Audio"),
        (.radio, "Radio"), (.modulator, "Modulator"), (.sdrCapture, "SDR Capture"),
        (.extendedPixFormat, "Extended Pix Format"), (.sdrOutput, "SDR Output"),
        (.metadataCapture, "Metadata Capture"), (.readWrite, "Read/Write"), (.streaming, "Streaming"),
        (.metadataOutput, "Metadata Output"), (.touch, "Touch Device"), (.mediaControllerIO, "I/O MC"),
        (.deviceCapabilities, "Device Capabilities"),
    ]

    /// The names of the flags that are set, in the order of `named`.
    public var names: [String] {
        V4L2CapabilityFlags.named.filter { contains($0.flag) }.map(\.name)
    }
}
