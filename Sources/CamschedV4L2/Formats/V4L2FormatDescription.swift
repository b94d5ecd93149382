import CamschedCore

/// A pixel format a capture node offers, with its frame sizes and intervals
/// (`VIDIOC_ENUM_FMT`, `VIDIOC_ENUM_FRAMESIZES`, `VIDIOC_ENUM_FRAMEINTERVALS`).
public struct V4L2FormatDescription: Hashable, Sendable, Codable {
    /// The pixel format code, e.g. `YUYV`.
    public let fourCC: FourCC
    /// The driver's description, e.g. "YUYV 4:2:2".
    public let description: String
    public let flags: V4L2FormatFlags
    /// The sizes offered in this format, in the driver's order.
    public let frameSizes: [V4L2FrameSize]

    public init(fourCC: FourCC, description: String, flags: V4L2FormatFlags, frameSizes: [V4L2FrameSize]) {
        self.fourCC = fourCC
        self.description = description
        self.flags = flags
        self.frameSizes = frameSizes
    }

    public var isCompressed: Bool { flags.contains(.compressed) }
    public var isEmulated: Bool { flags.contains(.emulated) }

    enum CodingKeys: String, CodingKey { case fourCC, description, flags, frameSizes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fourCC = try container.decode(FourCC.self, forKey: .fourCC)
        description = try container.decode(String.self, forKey: .description)
        flags = V4L2FormatFlags(names: try container.decode([String].self, forKey: .flags))
        frameSizes = try container.decode([V4L2FrameSize].self, forKey: .frameSizes)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fourCC, forKey: .fourCC)
        try container.encode(description, forKey: .description)
        try container.encode(flags.names, forKey: .flags)
        try container.encode(frameSizes, forKey: .frameSizes)
    }
}
