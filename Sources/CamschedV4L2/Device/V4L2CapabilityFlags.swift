internal import CV4L2Shim

/// The `V4L2_CAP_*` bits of `v4l2_capability.capabilities` and `device_caps`.
package struct V4L2CapabilityFlags: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let videoCapture = Self(rawValue: UInt32(V4L2_CAP_VIDEO_CAPTURE))
    package static let videoOutput = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OUTPUT))
    package static let videoOverlay = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OVERLAY))
    package static let vbiCapture = Self(rawValue: UInt32(V4L2_CAP_VBI_CAPTURE))
    package static let vbiOutput = Self(rawValue: UInt32(V4L2_CAP_VBI_OUTPUT))
    package static let slicedVBICapture = Self(rawValue: UInt32(V4L2_CAP_SLICED_VBI_CAPTURE))
    package static let slicedVBIOutput = Self(rawValue: UInt32(V4L2_CAP_SLICED_VBI_OUTPUT))
    package static let rdsCapture = Self(rawValue: UInt32(V4L2_CAP_RDS_CAPTURE))
    package static let videoOutputOverlay = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OUTPUT_OVERLAY))
    package static let hardwareFrequencySeek = Self(rawValue: UInt32(V4L2_CAP_HW_FREQ_SEEK))
    package static let rdsOutput = Self(rawValue: UInt32(V4L2_CAP_RDS_OUTPUT))
    package static let videoCaptureMultiplanar = Self(rawValue: UInt32(V4L2_CAP_VIDEO_CAPTURE_MPLANE))
    package static let videoOutputMultiplanar = Self(rawValue: UInt32(V4L2_CAP_VIDEO_OUTPUT_MPLANE))
    package static let videoMemoryToMemoryMultiplanar = Self(rawValue: UInt32(V4L2_CAP_VIDEO_M2M_MPLANE))
    package static let videoMemoryToMemory = Self(rawValue: UInt32(V4L2_CAP_VIDEO_M2M))
    package static let tuner = Self(rawValue: UInt32(V4L2_CAP_TUNER))
    package static let audio = Self(rawValue: UInt32(V4L2_CAP_AUDIO))
    package static let radio = Self(rawValue: UInt32(V4L2_CAP_RADIO))
    package static let modulator = Self(rawValue: UInt32(V4L2_CAP_MODULATOR))
    package static let sdrCapture = Self(rawValue: UInt32(V4L2_CAP_SDR_CAPTURE))
    package static let extendedPixFormat = Self(rawValue: UInt32(V4L2_CAP_EXT_PIX_FORMAT))
    package static let sdrOutput = Self(rawValue: UInt32(V4L2_CAP_SDR_OUTPUT))
    package static let metadataCapture = Self(rawValue: UInt32(V4L2_CAP_META_CAPTURE))
    package static let readWrite = Self(rawValue: UInt32(V4L2_CAP_READWRITE))
    package static let streaming = Self(rawValue: UInt32(V4L2_CAP_STREAMING))
    package static let metadataOutput = Self(rawValue: UInt32(V4L2_CAP_META_OUTPUT))
    package static let touch = Self(rawValue: UInt32(V4L2_CAP_TOUCH))
    package static let mediaControllerIO = Self(rawValue: UInt32(V4L2_CAP_IO_MC))
    package static let deviceCapabilities = Self(rawValue: UInt32(V4L2_CAP_DEVICE_CAPS))

    /// Every known flag with the name `v4l2-ctl --info` prints for it.
    package static let named: [(flag: V4L2CapabilityFlags, name: String)] = [
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
    package var names: [String] {
        V4L2CapabilityFlags.named.filter { contains($0.flag) }.map(\.name)
    }
}
