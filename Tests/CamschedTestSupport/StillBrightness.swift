import Foundation

/// The mean brightness (0 black … 1 white) of each of a list of JPEG stills, decoded by the
/// FFmpeg command-line tool in one run (its concat demuxer, in the order given) as full-range
/// grey: what a person sees of each still, measured independently of camsched.
package enum StillBrightness {
    package static func of(_ stills: [URL]) throws -> [Double] {
        guard !stills.isEmpty else { return [] }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-stills-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let listing = work.appendingPathComponent("list.txt"), raw = work.appendingPathComponent("grey.raw")
        try stills.map { "file '\($0.path)'\n" }.joined().write(to: listing, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "concat", "-safe", "0", "-i", listing.path,
                                                               "-f", "rawvideo", "-pix_fmt", "gray", raw.path], timeout: 300)
        guard result.status == 0 else { throw MediaProbe.ProbeError.failed(listing.path, result.stderr) }
        let bytes = [UInt8](try Data(contentsOf: raw))
        let size = bytes.count / stills.count
        guard size > 0, size * stills.count == bytes.count else {
            throw MediaProbe.ProbeError.failed(listing.path, "\(bytes.count) bytes of grey for \(stills.count) stills of unequal size")
        }
        return (0..<stills.count).map { index in
            Double(bytes[(index * size)..<((index + 1) * size)].reduce(0) { $0 + Int($1) }) / Double(size) / 255
        }
    }
}
