import CFFmpegShim
import Foundation

/// A fresh folder under the system's temporary directory, removed when the test lets go.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        cs_av_set_log_level(AV_LOG_ERROR)
        url = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
