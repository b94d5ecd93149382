import CamschedCore

/// A pixel format a capture node offers, with its frame sizes and intervals
/// (`VIDIOC_ENUM_FMT`, `VIDIOC_ENUM_FRAMESIZES`, `VIDIOC_ENUM_FRAMEINTERVALS`).
package struct V4L2FormatDescription: Hashable, Sendable, Codable {
    /// The pixel format code, e.g. `YUYV`.
    package let fourCC: FourCC
    /// The driver's description, e.g. "YUYV 4:2:2".
    package let description: String
    package let flags: V4L2FormatFlags
    /// The sizes offered in this format, in the driver's order.
    package let frameSizes: [V4L2FrameSize]

    package init(fourCC: FourCC, description: String, flags: V4L2FormatFlags, frameSizes: [V4L2FrameSize]) {
        self.fourCC = fourCC
        self.description = description
        self.flags = flags
        self.frameSizes = frameSizes
    }

    package var isCompressed: Bool { flags.contains(.compressed) }
    package var isEmulated: Bool { flags.contains(.emulated) }

    enum CodingKeys: String, CodingKey { case fourCC, description, flags, frameSizes }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fourCC = try container.decode(FourCC.self, forKey: .fourCC)
        description = try container.decode(String.self, forKey: .description)
        flags = V4L2FormatFlags(names: try container.decode([String].self, forKey: .flags))
        frameSizes = try container.decode([V4L2FrameSize].self, forKey: .frameSizes)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fourCC, forKey: .fourCC)
        try container.encode(description, forKey: .description)
        try container.encode(flags.names, forKey: .flags)
        try container.encode(frameSizes, forKey: .frameSizes)
    }
}
