/// A V4L2 pixel format code such as `YUYV` or `MJPG` (`v4l2_fourcc`).
package struct FourCC: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The little-endian packed code, as V4L2 stores it.
    package let rawValue: UInt32

    /// Wraps a packed code.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Packs a four-character code; shorter strings are padded with spaces. A `-BE` suffix sets
    /// the big-endian bit (`v4l2_fourcc_be`, printed like `v4l2-ctl` does: `AR15-BE`), and
    /// `0x` with eight hex digits gives any code. Returns nil for other strings.
    package init?(_ text: String) {
        if text.hasPrefix("0x"), text.count == 10, let value = UInt32(text.dropFirst(2), radix: 16) {
            rawValue = value
            return
        }
        var characters = Substring(text)
        var bigEndianBit: UInt32 = 0
        if characters.hasSuffix("-BE") {
            characters = characters.dropLast(3)
            bigEndianBit = 1 << 31
        }
        let bytes = Array(characters.utf8)
        guard !bytes.isEmpty, bytes.count <= 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        var value: UInt32 = 0
        for index in 0..<4 {
            let byte = index < bytes.count ? bytes[index] : 0x20
            value |= UInt32(byte) << (8 * UInt32(index))
        }
        rawValue = value | bigEndianBit
    }

    /// Packs a code known when camsched is built (`FourCC(packing: "YUYV")`): the first four
    /// bytes, padded with spaces. Never fails, so the constants below need no force unwrap.
    package init(packing code: StaticString) {
        var value: UInt32 = 0
        code.withUTF8Buffer { bytes in
            for index in 0..<4 {
                let byte = index < bytes.count ? bytes[index] : 0x20
                value |= UInt32(byte) << (8 * UInt32(index))
            }
        }
        rawValue = value
    }

    /// The four characters, trailing spaces removed, with `-BE` for big-endian variants;
    /// `0x` and eight hex digits for a code that is not printable. `FourCC(description)`
    /// gives the same code back.
    package var description: String {
        let bigEndian = rawValue & (1 << 31) != 0
        let bytes = (0..<4).map { UInt8(((bigEndian ? rawValue & 0x7fff_ffff : rawValue) >> (8 * UInt32($0))) & 0xff) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else {
            let hex = String(rawValue, radix: 16, uppercase: true)
            return "0x" + String(repeating: "0", count: 8 - hex.count) + hex
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if bigEndian { return text + "-BE" }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let code = FourCC(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a FourCC: \(text)"))
        }
        self = code
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    package static let yuyv = FourCC(packing: "YUYV")
    package static let uyvy = FourCC(packing: "UYVY")
    package static let nv12 = FourCC(packing: "NV12")
    package static let yu12 = FourCC(packing: "YU12")
    package static let mjpg = FourCC(packing: "MJPG")
    package static let jpeg = FourCC(packing: "JPEG")
    package static let h264 = FourCC(packing: "H264")
    package static let grey = FourCC(packing: "GREY")
    package static let rgb24 = FourCC(packing: "RGB3")
    package static let bgr24 = FourCC(packing: "BGR3")
}
