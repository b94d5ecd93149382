/// The `moov` box of a plain movie made from a fragmented one's: the same boxes (sample
/// descriptions, display matrix, handler, tags in `udta`…) without `mvex`, with durations
/// counted from the fragments and sample tables that point at the samples where the fragments
/// put them. A track whose first sample starts after 0 gets an empty edit first, so every
/// sample keeps its time.
struct MP4PlainMovie {
    private let bytes: [UInt8]
    private let index: MP4FragmentIndex
    private let movieTimescale: UInt64

    /// A plain `moov` and what it describes.
    struct Made {
        let box: [UInt8]
        /// The samples of the video track (the first track without one).
        let firstTrackSamples: Int
        let durationSeconds: Double
    }

    /// Builds the plain `moov` from `bytes`, the fragmented movie's `moov` box alone.
    static func movieBox(from bytes: [UInt8], index: MP4FragmentIndex) throws -> Made {
        let top = try MP4BoxRange.children(of: bytes, in: 0..<bytes.count)
        guard top.count == 1, let moov = top.first, moov.type == "moov" else { throw MP4FormatError("no moov box") }
        let children = try MP4BoxRange.children(of: bytes, in: moov.bodyStart..<moov.end)
        guard let mvhd = children.first(where: { $0.type == "mvhd" }) else { throw MP4FormatError("no mvhd box") }
        let timescale = try MP4TimedHeader(bytes, mvhd).timescale
        guard timescale > 0 else { throw MP4FormatError("a movie timescale of 0") }
        let movie = MP4PlainMovie(bytes: bytes, index: index, movieTimescale: UInt64(timescale))
        return try movie.write(children)
    }

    private func write(_ children: [MP4BoxRange]) throws -> Made {
        let tracks = try children.filter { $0.type == "trak" }.map { try MP4TrackPlan(bytes, $0, index: index, movieTimescale: movieTimescale) }
        let duration = tracks.map(\.movieDuration).max() ?? 0
        var writer = MP4BoxWriter()
        try writer.box("moov") { moov in
            var nextTrack = tracks.makeIterator()
            for child in children {
                switch child.type {
                case "mvhd": try MP4TimedHeader(bytes, child).write(duration: duration, into: &moov)
                case "mvex": continue
                case "trak": if let plan = nextTrack.next() { try writeTrack(child, plan, into: &moov) }
                default: moov.raw(bytes[child.start..<child.end])
                }
            }
        }
        let video = tracks.first(where: \.isVideo) ?? tracks.first
        return Made(box: writer.bytes, firstTrackSamples: video?.samples.samples.count ?? 0,
                    durationSeconds: Double(duration) / Double(movieTimescale))
    }

    /// The video track's samples and the movie's duration of a plain `moov` (`bytes`, the box alone).
    static func counts(ofPlain bytes: [UInt8]) throws -> (samples: Int, durationSeconds: Double) {
        guard let moov = try MP4BoxRange.children(of: bytes, in: 0..<bytes.count).first(where: { $0.type == "moov" }),
              let mvhd = try bytes.children(moov).first(where: { $0.type == "mvhd" }) else { throw MP4FormatError("no mvhd box") }
        var reader = MP4ByteReader(bytes, at: mvhd.bodyStart)
        let wide = try reader.versionAndFlags().version == 1
        try reader.skip(wide ? 16 : 8)
        let timescale = try reader.u32()
        let duration = wide ? try reader.u64() : UInt64(try reader.u32())
        let traks = try bytes.children(moov).filter { $0.type == "trak" }
        let video = try traks.first { try MP4TrackPlan.handler(bytes, $0) == "vide" } ?? traks.first
        var samples = 0
        if let video, let stsz = try bytes.descendant(of: video, path: ["mdia", "minf", "stbl", "stsz"]) {
            var table = MP4ByteReader(bytes, at: stsz.bodyStart + 8)
            samples = Int(try table.u32())
        }
        return (samples, timescale > 0 ? Double(duration) / Double(timescale) : 0)
    }

    private func writeTrack(_ trak: MP4BoxRange, _ plan: MP4TrackPlan, into writer: inout MP4BoxWriter) throws {
        try writer.box("trak") { box in
            for child in try MP4BoxRange.children(of: bytes, in: trak.bodyStart..<trak.end) {
                switch child.type {
                case "tkhd":
                    try MP4TimedHeader(bytes, child).write(duration: plan.movieDuration, into: &box)
                    plan.writeEdits(into: &box)
                case "edts": continue
                case "mdia": try rewrite(child, plan, into: &box)
                default: box.raw(bytes[child.start..<child.end])
                }
            }
        }
    }

    /// Copies `mdia`, `minf` and `stbl` with the new media duration and sample tables.
    private func rewrite(_ container: MP4BoxRange, _ plan: MP4TrackPlan, into writer: inout MP4BoxWriter) throws {
        let tables: Set = ["stts", "stss", "ctts", "stsc", "stsz", "stz2", "stco", "co64", "sdtp", "sbgp", "cslg"]
        try writer.box(container.type) { box in
            for child in try MP4BoxRange.children(of: bytes, in: container.bodyStart..<container.end) {
                switch child.type {
                case "mdhd": try MP4TimedHeader(bytes, child).write(duration: plan.samples.mediaDuration, into: &box)
                case "minf": try rewrite(child, plan, into: &box)
                case let type where container.type == "stbl" && tables.contains(type): continue
                case "stbl": try rewrite(child, plan, into: &box)
                default: box.raw(bytes[child.start..<child.end])
                }
            }
            if container.type == "stbl" { MP4SampleTables.write(plan.samples, into: &box) }
        }
    }
}

/// One track of the plain movie: its samples and its durations in the movie's timescale.
struct MP4TrackPlan {
    let samples: MP4TrackSamples
    /// The empty edit before the first sample and the track's length, in the movie timescale.
    let emptyEdit: UInt64
    let mediaInMovie: UInt64
    var movieDuration: UInt64 { emptyEdit + mediaInMovie }
    let isVideo: Bool

    init(_ bytes: [UInt8], _ trak: MP4BoxRange, index: MP4FragmentIndex, movieTimescale: UInt64) throws {
        let children = try MP4BoxRange.children(of: bytes, in: trak.bodyStart..<trak.end)
        guard let tkhd = children.first(where: { $0.type == "tkhd" }),
              let mdia = children.first(where: { $0.type == "mdia" }),
              let mdhd = try MP4BoxRange.children(of: bytes, in: mdia.bodyStart..<mdia.end).first(where: { $0.type == "mdhd" })
        else { throw MP4FormatError("a track without tkhd, mdia or mdhd") }
        let trackID = try MP4TimedHeader(bytes, tkhd).word
        let timescale = UInt64(try MP4TimedHeader(bytes, mdhd).timescale)
        guard timescale > 0 else { throw MP4FormatError("a track timescale of 0") }
        samples = index.tracks[trackID] ?? MP4TrackSamples()
        isVideo = try Self.handler(bytes, trak) == "vide"
        let rescale = { (value: UInt64) in UInt64((Double(value) * Double(movieTimescale) / Double(timescale)).rounded()) }
        emptyEdit = rescale(samples.firstDecodeTime ?? 0)
        mediaInMovie = rescale(samples.mediaDuration)
    }

    /// The track's handler type (`vide`, `soun`…), from `mdia/hdlr`.
    static func handler(_ bytes: [UInt8], _ trak: MP4BoxRange) throws -> String? {
        guard let hdlr = try bytes.descendant(of: trak, path: ["mdia", "hdlr"]) else { return nil }
        var reader = MP4ByteReader(bytes, at: hdlr.bodyStart + 8)
        return try reader.fourCC()
    }

    /// An edit list when the track starts late: nothing for `emptyEdit`, then the media from 0.
    func writeEdits(into writer: inout MP4BoxWriter) {
        guard emptyEdit > 0 else { return }
        writer.box("edts") { edts in
            edts.fullBox("elst", version: 1) { list in
                list.u32(2)
                list.u64(emptyEdit); list.u64(UInt64(bitPattern: -1)); list.u16(1); list.u16(0)
                list.u64(mediaInMovie); list.u64(0); list.u16(1); list.u16(0)
            }
        }
    }
}

extension [UInt8] {
    /// The boxes inside `box`.
    func children(_ box: MP4BoxRange) throws -> [MP4BoxRange] {
        try MP4BoxRange.children(of: self, in: box.bodyStart..<box.end)
    }

    /// The first box down `path` (types, one level each) from `box`.
    func descendant(of box: MP4BoxRange, path: [String]) throws -> MP4BoxRange? {
        var current = box
        for type in path {
            guard let next = try children(current).first(where: { $0.type == type }) else { return nil }
            current = next
        }
        return current
    }
}
