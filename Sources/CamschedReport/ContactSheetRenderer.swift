import CamschedMedia
import Foundation

/// Decodes the pictures of a contact sheet's tiles (stills with `PictureDecoder`, video
/// frames with `MovieReader`) and scales each into its tile box. A picture that cannot be
/// read is a note, never a failure of the report.
package enum ContactSheetRenderer {
    /// A tile and its picture, or why it has none.
    package struct Rendered: Sendable {
        package var tile: ContactSheetTile
        package var picture: RGBPicture?
        package var problem: String?
    }

    /// The pictures of `tiles`, fitted into `layout`'s tile box, in the same order.
    package static func render(_ tiles: [ContactSheetTile], layout: ContactSheetLayout) -> [Rendered] {
        // One video open at a time (tiles are in time order, so a file's tiles come together):
        // a hundred open decoders of 1080p video would hold gigabytes.
        var open: (url: URL, video: OpenVideo)?
        var broken: [URL: String] = [:]
        return tiles.map { tile in
            do {
                let picture: RGBPicture
                switch tile.source {
                case let .still(url):
                    picture = try still(url, layout: layout)
                case let .video(url, seconds):
                    if let reason = broken[url] { return Rendered(tile: tile, picture: nil, problem: reason) }
                    if open?.url != url {
                        open = nil
                        open = (url, try openVideo(url))
                    }
                    guard let video = open?.video else { throw MediaError.invalidState("no reader") }
                    let target = video.firstNanoseconds + Int64(min(max(seconds, 0), 1e9) * 1e9)
                    guard let frame = try video.reader.frame(atOrAfterNanoseconds: target) else {
                        throw MediaError.invalidState("no frame \(HTMLText.number(seconds)) s into the file")
                    }
                    picture = try upright(frame.picture, orientation: video.orientation, layout: layout)
                }
                return Rendered(tile: tile, picture: picture, problem: nil)
            } catch {
                let reason = "\(tile.file): \(describe(error))"
                if case let .video(url, _) = tile.source, open?.url != url { broken[url] = reason }
                return Rendered(tile: tile, picture: nil, problem: reason)
            }
        }
    }

    /// The largest still read (camsched's biggest PNG is far below): a file claiming to be a
    /// still is not read whole into memory past this.
    static let maxStillBytes = 256 << 20

    private static func still(_ url: URL, layout: ContactSheetLayout) throws -> RGBPicture {
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        guard size <= maxStillBytes else { throw MediaError.invalidSetting("\(size) bytes is too big for a still; not read") }
        let data = try Data(contentsOf: url)
        let decoded = try data.withUnsafeBytes { bytes in try PictureDecoder(sniffing: bytes).decode(bytes) }
        // JPEG stills are stored as the sensor sees them, with an EXIF Orientation for viewers.
        return try upright(decoded, orientation: ExifReader.orientation(ofJPEG: data) ?? 1, layout: layout)
    }

    /// `picture` scaled into the tile box as a viewer shows it for EXIF `orientation`.
    private static func upright(_ picture: OwnedAVFrame, orientation: UInt16, layout: ContactSheetLayout) throws -> RGBPicture {
        let swaps = (5...8).contains(orientation)
        let fitted = try RGBPicture(fitting: picture, maxWidth: swaps ? layout.tileHeight : layout.tileWidth,
                                    maxHeight: swaps ? layout.tileWidth : layout.tileHeight)
        return fitted.oriented(exif: orientation)
    }

    /// A video being sampled: its reader, its first frame's time, and how to turn its frames
    /// upright (its display matrix as an EXIF orientation).
    private struct OpenVideo {
        var reader: MovieReader
        var firstNanoseconds: Int64
        var orientation: UInt16
    }

    private static func openVideo(_ url: URL) throws -> OpenVideo {
        let reader = try MovieReader(url: url)
        guard let first = try reader.nextFrame() else { throw MediaError.invalidState("the file has no frames") }
        return OpenVideo(reader: reader, firstNanoseconds: first.presentationNanoseconds,
                         orientation: orientation(displayRotation: reader.displayRotation))
    }

    /// The EXIF orientation that turns a frame upright for a display-matrix rotation (FFmpeg's
    /// sign: counter-clockwise, so a sensor mounted 90° clockwise reads −90 and is shown turned
    /// 90° clockwise).
    static func orientation(displayRotation: Double?) -> UInt16 {
        guard let rotation = displayRotation, rotation.isFinite else { return 1 }
        switch ((Int((-rotation).rounded()) % 360) + 360) % 360 {
        case 90: return 6
        case 180: return 3
        case 270: return 8
        default: return 1
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, error.code == .fileReadNoSuchFile { return "the file is missing" }
        return String(describing: error)
    }
}
