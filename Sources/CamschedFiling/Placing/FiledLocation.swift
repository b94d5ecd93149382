import Foundation

/// Where a complete file was filed, and what it holds.
package struct FiledLocation: Sendable, Equatable {
    /// The file's absolute location.
    package let url: URL
    /// The path relative to the output root, with extension (as in the sidecar's `file`).
    package let relativePath: String
    /// The file's size.
    package let bytes: Int64
    /// SHA-256 of the content, 64 lowercase hex digits (empty from a filer made with
    /// `hashes: false`).
    package let sha256: String

    /// Describes a filed file.
    package init(url: URL, relativePath: String, bytes: Int64, sha256: String) {
        self.url = url
        self.relativePath = relativePath
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// Where the sidecar of this file goes: `NAME.EXT.json`.
    package var sidecarURL: URL { URL(fileURLWithPath: url.path + ".json") }
}
