import CV4L2Shim

/// The `V4L2_FMT_FLAG_*` bits of a pixel format description.
public struct V4L2FormatFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The format is compressed (MJPG, H264…).
    public static let compressed = Self(rawValue: UInt32(V4L2_FMT_FLAG_COMPRESSED))
    /// libv4l2 converts to this format in software; the device does not deliver it.
    public static let emulated = Self(rawValue: UInt32(V4L2_FMT_FLAG_EMULATED))
    public static let continuousByteStream = Self(rawValue: UInt32(V4L2_FMT_FLAG_CONTINUOUS_BYTESTREAM))
    public static let dynamicResolution = Self(rawValue: UInt32(V4L2_FMT_FLAG_DYN_RESOLUTION))

    /// Every known flag with a short name.
    public static let named: [(flag: V4L2FormatFlags, name: String)] = [
        (.compressed, "compressed"), (.emulated, "emulated"),
        (.continuousByteStream, "continuous-bytestream"), (.dynamicResolution, "dynamic-resolution"),
    ]

    /// The names of the flags that are set.
    public var names: [String] { V4L2FormatFlags.named.filter { contains($0.flag) }.map(\.name) }
}
