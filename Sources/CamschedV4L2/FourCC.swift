/// A V4L2 pixel format code such as `YUYV` or `MJPG` (`v4l2_fourcc`).
public struct FourCC: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The little-endian packed code, as V4L2 stores it.
    public let rawValue: UInt32

    /// Wraps a packed code.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Packs a four-character code; shorter strings are padded with spaces.
    /// Returns nil for strings longer than four characters or outside ASCII.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        var value: UInt32 = 0
        for index in 0..<4 {
            let byte = index < bytes.count ? bytes[index] : 0x20
            value |= UInt32(byte) << (8 * UInt32(index))
        }
        rawValue = value
    }

    /// The four characters, trailing spaces removed.
    public var description: String {
        var scalars = ""
        for index in 0..<4 {
            let byte = UInt8((rawValue >> (8 * UInt32(index))) & 0xff)
            scalars.append(Character(Unicode.Scalar(byte >= 0x20 && byte < 0x7f ? byte : 0x3f)))
        }
        while scalars.hasSuffix(" ") { scalars.removeLast() }
        return scalars
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let code = FourCC(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a FourCC: \(text)"))
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static let yuyv = FourCC("YUYV")!
    public static let uyvy = FourCC("UYVY")!
    public static let nv12 = FourCC("NV12")!
    public static let yu12 = FourCC("YU12")!
    public static let mjpg = FourCC("MJPG")!
    public static let jpeg = FourCC("JPEG")!
    public static let h264 = FourCC("H264")!
    public static let grey = FourCC("GREY")!
    public static let rgb24 = FourCC("RGB3")!
    public static let bgr24 = FourCC("BGR3")!
}
