internal import CLibExif
import Foundation

extension ExifReader {
    /// Every tag of a JPEG's EXIF block in IFD 0 and the EXIF IFD, as libexif shows its value
    /// (`"vivid"`, `"1/250 sec."`, `"Top-left"`), keyed `"IFD:0xTAG"` (`"0:0x010f"`,
    /// `"EXIF:0x829a"`): what a test compares field by field. Empty when there is no EXIF block.
    ///
    /// The corresponding C calls are `exif_data_new_from_data` and `exif_entry_get_value`.
    package static func tags(ofJPEG jpeg: Data) -> [String: String] {
        let data: UnsafeMutablePointer<ExifData>? = jpeg.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            return exif_data_new_from_data(base.assumingMemoryBound(to: UInt8.self), UInt32(bytes.count))
        }
        guard let data else { return [:] }
        defer { exif_data_unref(data) }
        var result: [String: String] = [:]
        for (name, content) in [("0", data.pointee.ifd.0), ("EXIF", data.pointee.ifd.2)] {
            guard let content, let entries = content.pointee.entries else { continue }
            for index in 0..<Int(content.pointee.count) {
                guard let entry = entries[index] else { continue }
                var text = [CChar](repeating: 0, count: 1024)
                let value = text.withUnsafeMutableBufferPointer { buffer -> String in
                    guard let base = buffer.baseAddress, exif_entry_get_value(entry, base, UInt32(buffer.count)) != nil else { return "" }
                    return String(cString: base)
                }
                let tag = String(entry.pointee.tag.rawValue, radix: 16)
                result["\(name):0x" + String(repeating: "0", count: max(0, 4 - tag.count)) + tag] = value
            }
        }
        return result
    }
}
