import Foundation

/// What a run filed under a test folder's `out/` (tests only).
package enum FiledOutput {
    /// Reads a file's sidecar (`FILE.json`).
    package static func sidecar(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: url.path + ".json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Files under `dir/out` with an extension, sorted.
    package static func filed(_ dir: TemporaryDirectory, ext: String) -> [URL] {
        dir.files().filter { $0.hasSuffix("." + ext) && $0.hasPrefix("out/") }.map { dir.file($0) }
    }
}
