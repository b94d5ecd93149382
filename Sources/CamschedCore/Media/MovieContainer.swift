/// The file format of a recording: the job's `record.container` (and a trigger's), the
/// muxer the media layer writes, the name's extension. One enum for all three.
package enum MovieContainer: String, Sendable, Codable, CaseIterable, Equatable {
    /// MPEG-4, written fragmented while recording and remuxed to a plain seekable file at the end.
    case mp4
    /// Matroska, whose clusters make a cut-off file playable up to its last complete cluster.
    case mkv

    /// The file name extension, without the dot.
    package var fileExtension: String { rawValue }

    /// The container a file name's extension names (`.mp4`, `.m4v`, `.mov`, `.mkv`; a trailing
    /// `.partial` is ignored), or nil.
    package init?(pathExtensionOf path: String) {
        var name = path.lowercased()
        if name.hasSuffix(".partial") { name.removeLast(".partial".count) }
        if name.hasSuffix(".mkv") { self = .mkv }
        else if name.hasSuffix(".mp4") || name.hasSuffix(".m4v") || name.hasSuffix(".mov") { self = .mp4 }
        else { return nil }
    }
}
