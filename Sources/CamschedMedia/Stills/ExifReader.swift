internal import CLibExif
import Foundation

/// Reads back the EXIF fields camsched relies on.
package enum ExifReader {
    /// The Orientation tag of a JPEG, or nil when it has none.
    /// The corresponding C calls are `exif_data_new_from_data` and `exif_get_short`.
    package static func orientation(ofJPEG jpeg: Data) -> UInt16? {
        let data: UnsafeMutablePointer<ExifData>? = jpeg.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            return exif_data_new_from_data(base.assumingMemoryBound(to: UInt8.self), UInt32(bytes.count))
        }
        guard let data else { return nil }
        defer { exif_data_unref(data) }
        guard let entry = exif_content_get_entry(data.pointee.ifd.0, ExifTag(rawValue: 0x0112)),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.size >= 2, let bytes = entry.pointee.data else { return nil }
        return exif_get_short(bytes, exif_data_get_byte_order(data))
    }
}
