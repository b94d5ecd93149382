import Foundation

/// Where a complete file was filed, and what it holds.
public struct FiledLocation: Sendable, Equatable {
    /// The file's absolute location.
    public let url: URL
    /// The path relative to the output root, with extension (as in the sidecar's `file`).
    public let relativePath: String
    /// The file's size.
    public let bytes: Int64
    /// SHA-256 of the content, 64 lowercase hex digits (empty from a filer made with
    /// `hashes: false`).
    public let sha256: String

    /// Describes a filed file.
    public init(url: URL, relativePath: String, bytes: Int64, sha256: String) {
        self.url = url
        self.relativePath = relativePath
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// Where the sidecar of this file goes: `NAME.EXT.json`.
    public var sidecarURL: URL { URL(fileURLWithPath: url.path + ".json") }
}
