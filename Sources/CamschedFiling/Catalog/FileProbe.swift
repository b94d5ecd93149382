import CamschedCore
import CamschedMedia
import Foundation
import Glibc

/// Describes a media file that has no sidecar, from what the file itself shows: size and
/// SHA-256, modification time, picture size (stills are decoded, movies opened with libav),
/// and for camsched's own movies the job and run from the container tags.
///
/// Used to adopt such files into a rebuilt catalog. Fields nobody can know (device,
/// controls, fps) stay empty; `host` and `camschedVersion` are `unknown`.
enum FileProbe {
    /// What the sidecar of an adopted file says where nothing is known.
    static let unknown = "unknown"

    /// A sidecar for the file at `relative` under `root`, or `nil` when it is not a media file
    /// (by its extension).
    /// - Throws: ``FilingError`` when the file cannot be read.
    static func sidecar(relative: String, root: String) throws(FilingError) -> Sidecar? {
        let fileExtension = (relative as NSString).pathExtension
        guard let kind = FileKind.guess(fromExtension: fileExtension) else { return nil }
        let path = root + "/" + relative
        let (digest, bytes) = try SHA256Digest.digestAndSize(ofFileAtPath: path)
        guard let status = try FilingCall.status(path) else { return nil }
        let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        let folderJob = relative.contains("/") ? relative.split(separator: "/").first.map(String.init) : nil
        var sidecar = Sidecar(
            job: folderJob ?? unknown, run: unknown, kind: kind, file: relative, bytes: bytes, sha256: digest.hex,
            startedAt: modified, endedAt: modified, host: unknown, camschedVersion: unknown)
        if kind == .still {
            describeStill(&sidecar, url: URL(fileURLWithPath: path))
        } else {
            describeMovie(&sidecar, url: URL(fileURLWithPath: path))
        }
        if sidecar.run == unknown, let run = markedRun(path: path) { sidecar.run = run }
        return sidecar
    }

    /// Whether a probed file is camsched's own: it names its run (the `user.camsched.run`
    /// attribute its partial file was given, kept by the rename, or camsched's movie tags).
    /// Such a file lost only its sidecar (a kill between the file's rename and the sidecar's):
    /// it is filed as camsched's, under retention, not adopted as someone else's.
    static func isOwn(_ sidecar: Sidecar) -> Bool { sidecar.run != unknown && !sidecar.run.isEmpty }

    /// The run id in the file's `user.camsched.run` attribute, read without following a link.
    private static func markedRun(path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let run = PartialMarker.run(of: fd), !run.hasPrefix("pid-") else { return nil }
        return run
    }

    private static func describeStill(_ sidecar: inout Sidecar, url: URL) {
        guard let data = try? Data(contentsOf: url),
              let codec = data.withUnsafeBytes({ PictureDecoder.decoderName(sniffing: $0) }) else { return }
        sidecar.encoder = .init(name: unknown, codec: codec == "mjpeg" ? "jpeg" : codec)
        guard let picture = try? PictureDecoder(decoder: codec).decode(data), picture.width > 0 else { return }
        sidecar.format = .init(pixelFormat: unknown, width: picture.width, height: picture.height)
        sidecar.frames = 1
    }

    private static func describeMovie(_ sidecar: inout Sidecar, url: URL) {
        guard let movie = try? MovieReader(url: url) else { return }
        if movie.width > 0, movie.height > 0 {
            sidecar.format = .init(pixelFormat: unknown, width: movie.width, height: movie.height)
        }
        let tags = movie.metadata
        if let title = tags["title"], !title.isEmpty { sidecar.job = title }
        if let run = tags["camsched_run"] ?? runID(fromComment: tags["comment"]) { sidecar.run = run }
        if let created = tags["creation_time"].flatMap(RFC3339Timestamp.date(from:)) {
            sidecar.startedAt = created
            if let seconds = movie.durationSeconds { sidecar.endedAt = created.addingTimeInterval(seconds) }
        } else if let seconds = movie.durationSeconds {
            sidecar.startedAt = sidecar.endedAt.addingTimeInterval(-seconds)
        }
    }

    /// The run id in camsched's movie comment, `camsched run <id>, encoder <name>`.
    static func runID(fromComment comment: String?) -> String? {
        guard let comment, comment.hasPrefix("camsched run ") else { return nil }
        let rest = comment.dropFirst("camsched run ".count)
        let id = rest.prefix { $0 != "," && $0 != " " }
        return id.isEmpty ? nil : String(id)
    }
}
