import CamschedTestSupport
import Foundation

/// A recording while it is written: the fragmented MP4 partial (`….mp4.partial`) holds its
/// frames in whole fragments (`moof` + `mdat`), each flushed as it is complete, so the frames
/// it holds are the signal that a recording got as far as a test needs.
enum PartialMovie {
    /// The first `.mp4.partial` under `dir`.
    static func find(in dir: TemporaryDirectory) -> URL? {
        dir.files().first { $0.hasSuffix(".mp4.partial") }.map { dir.file($0) }
    }

    /// Frames in the complete fragments of the fragmented MP4 at `url` (0 when there is none):
    /// the `trun` sample counts of each `moof` whose `mdat` is written to its end.
    static func frames(in url: URL) -> Int {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return 0 }
        defer { try? handle.close() }
        let length = (try? handle.seekToEnd()) ?? 0
        var offset: UInt64 = 0, frames = 0, pending = 0
        while let found = box(handle, at: offset), offset + found.size <= length {
            if found.type == "moof" {
                try? handle.seek(toOffset: offset + found.header)
                let body = (try? handle.read(upToCount: Int(found.size - found.header))) ?? Data()
                pending = samples(inMoof: [UInt8](body))
            } else if found.type == "mdat" {
                frames += pending
                pending = 0
            }
            offset += found.size
        }
        return frames
    }

    /// Waits until the partial under `dir` holds at least `count` frames in whole fragments.
    @discardableResult
    static func waitForFrames(_ count: Int, in dir: TemporaryDirectory, seconds: Double = 30) -> Bool {
        Wait.until(seconds: seconds) {
            guard let partial = find(in: dir) else { return false }
            return frames(in: partial) >= count
        }
    }

    /// The box at `offset`: its type, header length and whole size (nil past the end).
    private static func box(_ handle: FileHandle, at offset: UInt64) -> (type: String, header: UInt64, size: UInt64)? {
        guard (try? handle.seek(toOffset: offset)) != nil,
              let head = try? handle.read(upToCount: 16), head.count >= 8 else { return nil }
        let bytes = [UInt8](head)
        let type = String(decoding: bytes[4..<8], as: UTF8.self)
        var size = UInt64(bigEndian32(bytes, 0))
        var header: UInt64 = 8
        if size == 1 {
            guard bytes.count >= 16 else { return nil }
            size = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            header = 16
        }
        return size >= header ? (type, header, size) : nil
    }

    /// The sample count of every `trun` in the `traf`s of a `moof`'s body.
    private static func samples(inMoof body: [UInt8]) -> Int {
        children(body, 0..<body.count).filter { $0.type == "traf" }.reduce(0) { total, traf in
            total + children(body, traf.body).filter { $0.type == "trun" && $0.body.count >= 8 }
                .reduce(0) { $0 + Int(bigEndian32(body, $1.body.lowerBound + 4)) }
        }
    }

    /// The boxes inside `range` of `bytes` (32-bit sizes: a fragment's boxes are small).
    private static func children(_ bytes: [UInt8], _ range: Range<Int>) -> [(type: String, body: Range<Int>)] {
        var found: [(type: String, body: Range<Int>)] = []
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let size = Int(bigEndian32(bytes, index))
            guard size >= 8, index + size <= range.upperBound else { break }
            found.append((String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self), (index + 8)..<(index + size)))
            index += size
        }
        return found
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}
