internal import CV4L2Shim

/// The `V4L2_FMT_FLAG_*` bits of a pixel format description.
package struct V4L2FormatFlags: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The format is compressed (MJPG, H264…).
    package static let compressed = Self(rawValue: UInt32(V4L2_FMT_FLAG_COMPRESSED))
    /// libv4l2 converts to this format in software; the device does not deliver it.
    package static let emulated = Self(rawValue: UInt32(V4L2_FMT_FLAG_EMULATED))
    package static let continuousByteStream = Self(rawValue: UInt32(V4L2_FMT_FLAG_CONTINUOUS_BYTESTREAM))
    package static let dynamicResolution = Self(rawValue: UInt32(V4L2_FMT_FLAG_DYN_RESOLUTION))
    package static let encoderCapsFrameInterval = Self(rawValue: UInt32(V4L2_FMT_FLAG_ENC_CAP_FRAME_INTERVAL))
    /// The colour-space conversion fields of `v4l2_pix_format` may be set by the application.
    package static let cscColorspace = Self(rawValue: UInt32(V4L2_FMT_FLAG_CSC_COLORSPACE))
    package static let cscTransferFunction = Self(rawValue: UInt32(V4L2_FMT_FLAG_CSC_XFER_FUNC))
    package static let cscYCbCrEncoding = Self(rawValue: UInt32(V4L2_FMT_FLAG_CSC_YCBCR_ENC))
    package static let cscQuantization = Self(rawValue: UInt32(V4L2_FMT_FLAG_CSC_QUANTIZATION))

    /// Every known flag with the name `v4l2-ctl --list-formats` prints for it.
    package static let named: [(flag: V4L2FormatFlags, name: String)] = [
        (.compressed, "compressed"), (.emulated, "emulated"),
        (.continuousByteStream, "continuous-bytestream"), (.dynamicResolution, "dyn-resolution"),
        (.encoderCapsFrameInterval, "enc-cap-frame-interval"), (.cscColorspace, "csc-colorspace"),
        (.cscYCbCrEncoding, "csc-ycbcr"), (.cscQuantization, "csc-quantization"),
        (.cscTransferFunction, "csc-xfer-func"),
    ]

    /// The names of the flags that are set; bits without a name as hex (`0x200`).
    package var names: [String] { V4L2FlagNames.names(of: rawValue, in: Self.bitNames) }

    /// The flags the names stand for, as `names` writes them.
    package init(names: [String]) { self.init(rawValue: V4L2FlagNames.rawValue(of: names, in: Self.bitNames)) }

    private static let bitNames = named.map { (bits: $0.flag.rawValue, name: $0.name) }
}
