import CamschedCore
import Glibc

/// Finishes a fragmented MP4 into a plain one where it lies, without a second copy of its
/// media (a "soft remux", as OBS's hybrid MP4 does): a plain `moov` built from the fragments
/// is appended, then the fragmented `moov`'s header is overwritten by that of one `mdat` that
/// spans it and every fragment, so readers see plain sample tables over the bytes already
/// written. Each step is synced before the next, so a kill or a power cut at any moment leaves
/// a file that plays:
///
/// 1. a leftover of an earlier, interrupted finish after the fragments is cut off;
/// 2. the plain `moov` is written at the end and synced — until then, and after it, the file
///    is the fragmented movie (readers skip a second `moov`);
/// 3. the 16 bytes at the fragmented `moov` become an `mdat` header and are synced — one write
///    inside one disk sector: the file is plain.
///
/// A file cut short is finished with the samples whose bytes it holds (a half-written `moof`
/// or sample is dropped).
package enum MP4InPlaceFinish {
    /// What the finished file holds.
    package struct Result: Equatable {
        package var samples: Int
        package var durationSeconds: Double
        /// False when the file was plain already (a finish that had completed).
        package var finishedNow: Bool
    }

    /// Finishes the fragmented MP4 at `path` in place; `syncs`: sync each step (off only for
    /// tests and benchmarks of the layout itself).
    /// - Throws: `MP4FormatError` for a file that is not a fragmented MP4 with at least one
    ///   complete sample (it is left as it was); `MediaError` for a failed read or write.
    package static func finish(path: String, syncs: Bool = true) throws -> Result {
        let file = try MP4File(path: path)
        defer { file.close() }
        let layout = try MP4FileLayout(file)
        if let plain = layout.plainMovie { return try summary(of: file, movie: plain, finishedNow: false) }
        guard let moov = layout.fragmentedMovie else { throw MP4FormatError("no moov box before the fragments") }
        let movieBytes = try file.read(moov.offset, moov.size)
        let defaults = try MP4TrackFragmentHeader.trackDefaults(inMovie: movieBytes, MP4BoxRange(type: "moov", start: 0, bodyStart: moov.headerSize, end: moov.size))
        var index = MP4FragmentIndex(defaults: defaults, dataEnd: layout.payloadEnd)
        for fragment in layout.fragments { try index.add(moof: try file.read(fragment.offset, fragment.size), at: fragment.offset) }
        guard index.sampleCount > 0 else { throw MP4FormatError("no complete sample") }
        let plain = try MP4PlainMovie.movieBox(from: movieBytes, index: index)
        if layout.fileSize > layout.payloadEnd { try file.truncate(layout.payloadEnd) }
        try file.write(plain.box, at: layout.payloadEnd)
        if syncs { file.sync() }
        var header = MP4BoxWriter()
        header.u32(1)
        header.raw(Array("mdat".utf8))
        header.u64(UInt64(layout.payloadEnd - moov.offset))
        try file.write(header.bytes, at: moov.offset)
        if syncs { file.sync() }
        return Result(samples: plain.firstTrackSamples, durationSeconds: plain.durationSeconds, finishedNow: true)
    }

    /// Whether `path` is a fragmented MP4 that ``finish(path:syncs:)`` would turn plain.
    package static func isFragmented(path: String) -> Bool {
        guard let file = try? MP4File(path: path) else { return false }
        defer { file.close() }
        return (try? MP4FileLayout(file))?.fragmentedMovie != nil
    }

    private static func summary(of file: MP4File, movie: MP4FileLayout.Box, finishedNow: Bool) throws -> Result {
        let bytes = try file.read(movie.offset, movie.size)
        let counts = try MP4PlainMovie.counts(ofPlain: bytes)
        return Result(samples: counts.samples, durationSeconds: counts.durationSeconds, finishedNow: finishedNow)
    }
}
