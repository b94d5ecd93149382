import CamschedFiling
import Foundation

/// One file a job filed, as the page's file browser lists it: its path under the job's root,
/// its kind (`still`, `burst`, `segment`, `clip`, `timelapse`), size and time.
struct FiledFile: Sendable {
    var relativePath: String
    var kind: String
    var bytes: Int64
    var at: Date

    /// Whether the page plays it in a `<video>` element (else it shows it as a picture).
    var isVideo: Bool { FiledFile.mediaType(relativePath).hasPrefix("video/") }

    static func mediaType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "webp": "image/webp"
        case "mp4", "m4v": "video/mp4"
        case "mov": "video/quicktime"
        case "webm": "video/webm"
        case "mkv": "video/x-matroska"
        default: "application/octet-stream"
        }
    }

    /// The file as `GET /api/jobs/NAME/files` lists it.
    struct Listed: Encodable, Sendable {
        var file, kind: String
        var bytes: Int64
        var at: Date
        var type, url: String
    }

    /// `{"job", "files"}`.
    struct Listing: Encodable, Sendable {
        var job: String
        var files: [Listed]
    }

    func listed(job: String) -> Listed {
        Listed(file: relativePath, kind: kind, bytes: bytes, at: at, type: FiledFile.mediaType(relativePath),
               url: "/jobs/\(StatusDocument.escaped(job))/files/"
                   + relativePath.split(separator: "/").map { StatusDocument.escaped(String($0)) }.joined(separator: "/"))
    }
}
