import Foundation

/// Tells complete stills from ones cut off while being written.
package enum StillValidator {
    /// Whether the JPEG at `url` is whole: it ends with EOI and decodes without error.
    package static func isComplete(jpegAt url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url) else { return false }
        return isComplete(jpeg: data)
    }

    /// Whether `data` is a whole JPEG.
    package static func isComplete(jpeg data: Data) -> Bool {
        // Encoders may pad after EOI; accept trailing zero bytes.
        guard let last = data.lastIndex(where: { $0 != 0 }), last > data.startIndex,
              data[last] == 0xD9, data[data.index(before: last)] == 0xFF,
              (try? JPEGSegments(data)) != nil else { return false }
        return decodes(data, decoder: "mjpeg")
    }

    /// Whether the JPEG, PNG or WebP file at `url` is whole (PNG: ends with IEND; WebP: the
    /// RIFF size matches; all: decodes).
    package static func isComplete(imageAt url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url) else { return false }
        let name = data.withUnsafeBytes { PictureDecoder.decoderName(sniffing: $0) }
        switch name {
        case "mjpeg": return isComplete(jpeg: data)
        case "png":
            let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            return data.count > 12 && Array(data.suffix(8)) == iend && decodes(data, decoder: "png")
        case "webp":
            let bytes = [UInt8](data.prefix(8))
            let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return data.count >= size + 8 && decodes(data, decoder: "webp")
        default: return false
        }
    }

    private static func decodes(_ data: Data, decoder: String) -> Bool {
        guard let decoder = try? PictureDecoder(decoder: decoder),
              let picture = try? decoder.decode(data) else { return false }
        // FFmpeg's decoders conceal damage; they flag it in decode_error_flags.
        return picture.width > 0 && picture.pointer.pointee.decode_error_flags == 0
    }
}
