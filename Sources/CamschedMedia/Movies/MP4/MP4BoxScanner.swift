import Foundation

/// Walks the top-level boxes of an ISO BMFF (MP4) file by their headers alone.
enum MP4BoxScanner {
    /// A top-level box: its type, where it starts and its size as its header says (which may
    /// run past the end of a file cut short).
    struct Box {
        let type: String
        let offset: Int
        let size: Int
    }

    /// How many leading bytes of the file at `path` a demuxer can open: the whole file,
    /// unless it ends inside a box other than `mdat` (a half-written `moof` or `mfra` makes
    /// libavformat's MP4 reader give up on the entire file), in which case the file up to
    /// that box. A cut inside `mdat` is kept: its complete samples still play. Returns nil
    /// when the file is not MP4 (its first box is not `ftyp`).
    static func openableLength(ofFileAt path: String) -> Int? {
        var length = 0
        let isMP4 = walk(path) { box, fileSize in
            if box.offset + box.size > fileSize {
                length = box.type == "mdat" ? fileSize : box.offset
                return false
            }
            length = box.offset + box.size
            return true
        }
        return isMP4 ? length : nil
    }

    /// The length of `path` up to the end of its last complete fragment (`moof` with its whole
    /// `mdat`, or the header boxes before the first one): what to keep of a fragmented MP4
    /// whose writing stopped mid-fragment. Nil when the file is not MP4.
    static func completeFragmentsLength(ofFileAt path: String) -> Int? {
        var kept = 0
        let isMP4 = walk(path) { box, fileSize in
            guard box.offset + box.size <= fileSize else { return false }
            // A fragment is complete with its media data; a `moof` alone is not yet.
            if box.type != "moof" { kept = box.offset + box.size }
            return true
        }
        return isMP4 ? kept : nil
    }

    /// Calls `visit` with each top-level box in order (and the file's size) until it returns
    /// false or a header cannot be read. Returns false when the file is not MP4.
    private static func walk(_ path: String, _ visit: (Box, Int) -> Bool) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 8 else { return false }
        let fileSize = Int(end)
        var offset = 0
        while offset + 8 <= fileSize {
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
                  let header = try? handle.read(upToCount: 16), header.count >= 8 else { return true }
            let bytes = [UInt8](header)
            var size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if offset == 0 && type != "ftyp" { return false }
            if size == 1 {
                guard bytes.count >= 16 else { return true }
                size = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = fileSize - offset  // "to the end of the file"
            }
            guard size >= 8, visit(Box(type: type, offset: offset, size: size), fileSize) else { return true }
            offset += size
        }
        return true
    }
}
