import CamschedCore

internal import CV4L2Shim

/// The format a capture node is set to (`v4l2_pix_format`).
package struct V4L2PixFormat: Hashable, Sendable, Codable, CustomStringConvertible {
    package let width: UInt32
    package let height: UInt32
    package let fourCC: FourCC
    /// Bytes per line of the image (0 for compressed formats).
    package let bytesPerLine: UInt32
    /// The largest number of bytes a frame may take.
    package let sizeImage: UInt32
    /// `V4L2_FIELD_*`; 1 (`NONE`) for progressive images.
    package let field: UInt32
    /// `V4L2_COLORSPACE_*`.
    package let colorspace: UInt32

    init(_ raw: v4l2_pix_format) {
        width = raw.width
        height = raw.height
        fourCC = FourCC(rawValue: raw.pixelformat)
        bytesPerLine = raw.bytesperline
        sizeImage = raw.sizeimage
        field = raw.field
        colorspace = raw.colorspace
    }

    package var description: String { "\(fourCC) \(width)x\(height)" }
}
