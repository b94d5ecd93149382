import Foundation

/// Walks the top-level boxes of an ISO BMFF (MP4) file by their headers alone.
enum MP4BoxScanner {
    /// How many leading bytes of the file at `path` a demuxer can open: the whole file,
    /// unless it ends inside a box other than `mdat` (a half-written `moof` or `mfra` makes
    /// libavformat's MP4 reader give up on the entire file), in which case the file up to
    /// that box. A cut inside `mdat` is kept: its complete samples still play. Returns nil
    /// when the file is not MP4 (its first box is not `ftyp`).
    static func openableLength(ofFileAt path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 8 else { return nil }
        let fileSize = Int(end)
        var offset = 0
        while offset + 8 <= fileSize {
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
                  let header = try? handle.read(upToCount: 16), header.count >= 8 else { return offset }
            let bytes = [UInt8](header)
            var size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if offset == 0 && type != "ftyp" { return nil }
            if size == 1 {
                guard bytes.count >= 16 else { return offset }
                size = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = fileSize - offset  // "to the end of the file"
            }
            guard size >= 8 else { return offset }
            if offset + size > fileSize { return type == "mdat" ? fileSize : offset }
            offset += size
        }
        return offset
    }

    /// The length of `path` up to the end of its last complete fragment (`moof` with its whole
    /// `mdat`, or the header boxes before the first one): what to keep of a fragmented MP4
    /// whose writing stopped mid-fragment. Nil when the file is not MP4.
    static func completeFragmentsLength(ofFileAt path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 8 else { return nil }
        let fileSize = Int(end)
        var offset = 0
        var kept = 0
        while offset + 8 <= fileSize {
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
                  let header = try? handle.read(upToCount: 16), header.count >= 8 else { break }
            let bytes = [UInt8](header)
            var size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if offset == 0 && type != "ftyp" { return nil }
            if size == 1, bytes.count >= 16 { size = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) } }
            guard size >= 8, offset + size <= fileSize else { break }
            offset += size
            // A fragment is complete with its media data; a `moof` alone is not yet.
            if type != "moof" { kept = offset }
        }
        return kept
    }
}
