/// One sample (a video frame, later a block of sound) of a fragmented movie.
struct MP4Sample: Equatable {
    var size: UInt32
    var duration: UInt32
    var isSync: Bool
    var compositionOffset: Int32
}

/// A run of samples that lie one after another in the file: a chunk of the plain movie.
struct MP4Chunk: Equatable {
    let offset: UInt64
    let sampleCount: Int
    let descriptionIndex: UInt32
}

/// What a track's fragments hold, in order.
struct MP4TrackSamples {
    /// The decode time of the first sample (the first `tfdt`), in the track's timescale.
    var firstDecodeTime: UInt64?
    var samples: [MP4Sample] = []
    var chunks: [MP4Chunk] = []
    /// Where the next sample's decode time falls: the fragments' time so far.
    var nextDecodeTime: UInt64 = 0

    var mediaDuration: UInt64 { samples.reduce(0) { $0 + UInt64($1.duration) } }
}

/// A track's defaults for its fragments (its `trex` box in the movie's `mvex`).
struct MP4TrackDefaults {
    var descriptionIndex: UInt32 = 1
    var duration: UInt32 = 0
    var size: UInt32 = 0
    var flags: UInt32 = 0
}

/// The sample index of a fragmented MP4, read from its `moof` boxes: each sample's size,
/// duration, sync flag and place in the file — what a plain movie's sample tables say.
struct MP4FragmentIndex {
    private(set) var tracks: [UInt32: MP4TrackSamples] = [:]
    /// Samples are kept only while their bytes lie before this offset (the end of a file cut
    /// short inside its last `mdat`); after the first that does not, nothing more is added.
    let dataEnd: Int
    private let defaults: [UInt32: MP4TrackDefaults]
    private(set) var isCut = false
    /// Where the last sample kept ends in the file.
    private(set) var keptDataEnd = 0

    init(defaults: [UInt32: MP4TrackDefaults], dataEnd: Int) {
        self.defaults = defaults
        self.dataEnd = dataEnd
    }

    var sampleCount: Int { tracks.values.reduce(0) { $0 + $1.samples.count } }

    /// Adds the samples that one `moof` box (its bytes, found at `fileOffset`) describes.
    mutating func add(moof bytes: [UInt8], at fileOffset: Int) throws {
        guard !isCut else { return }
        let moof = try MP4BoxRange.children(of: bytes, in: 0..<bytes.count)
        guard moof.count == 1, let box = moof.first, box.type == "moof" else { throw MP4FormatError("a fragment is not a moof box") }
        var previousDataEnd: Int?
        for traf in try MP4BoxRange.children(of: bytes, in: box.bodyStart..<box.end) where traf.type == "traf" {
            previousDataEnd = try addTrackFragment(bytes, traf, moofStart: fileOffset, previousDataEnd: previousDataEnd)
            if isCut { return }
        }
    }

    /// Adds one `traf`; returns where its last sample's data ends.
    private mutating func addTrackFragment(_ bytes: [UInt8], _ traf: MP4BoxRange, moofStart: Int,
                                           previousDataEnd: Int?) throws -> Int {
        let children = try MP4BoxRange.children(of: bytes, in: traf.bodyStart..<traf.end)
        guard let tfhd = children.first(where: { $0.type == "tfhd" }) else { throw MP4FormatError("a traf without tfhd") }
        let header = try MP4TrackFragmentHeader(bytes, tfhd, defaults: defaults)
        var track = tracks[header.trackID] ?? MP4TrackSamples()
        if let tfdt = children.first(where: { $0.type == "tfdt" }) {
            track.moveDecodeTime(to: try Self.decodeTime(bytes, tfdt))
        }
        // ISO/IEC 14496-12 8.8.7: without an explicit base, the moof (default-base-is-moof, or
        // the first traf) or where the previous traf's data ended.
        let base = header.baseDataOffset ?? (header.baseIsMoof ? moofStart : previousDataEnd ?? moofStart)
        var dataOffset = base
        for trun in children where trun.type == "trun" {
            dataOffset = try addRun(bytes, trun, header: header, base: base, from: dataOffset, to: &track)
            if isCut { break }
        }
        tracks[header.trackID] = track
        return dataOffset
    }

    /// Adds one `trun`'s samples to `track`; returns where its data ends.
    private mutating func addRun(_ bytes: [UInt8], _ trun: MP4BoxRange, header: MP4TrackFragmentHeader,
                                 base: Int, from start: Int, to track: inout MP4TrackSamples) throws -> Int {
        var reader = MP4ByteReader(bytes, at: trun.bodyStart)
        let (version, flags) = try reader.versionAndFlags()
        let count = Int(try reader.u32())
        var offset = start
        if flags & 0x1 != 0 { offset = base + Int(Int32(bitPattern: try reader.u32())) }
        let firstFlags: UInt32? = flags & 0x4 != 0 ? try reader.u32() : nil
        let fieldBytes = [0x100, 0x200, 0x400, 0x800].filter { flags & $0 != 0 }.count * 4
        guard offset >= 0, count <= (fieldBytes > 0 ? (trun.end - reader.position) / fieldBytes : 1 << 24) else {
            throw MP4FormatError("a trun's samples do not fit it")
        }
        var kept = 0
        let chunkStart = offset
        for index in 0..<count {
            let duration = flags & 0x100 != 0 ? try reader.u32() : header.defaults.duration
            let size = flags & 0x200 != 0 ? try reader.u32() : header.defaults.size
            let sampleFlags = flags & 0x400 != 0 ? try reader.u32() : (index == 0 ? firstFlags : nil) ?? header.defaults.flags
            let offsetField = flags & 0x800 != 0 ? try reader.u32() : 0
            guard offset + Int(size) <= dataEnd else {
                isCut = true
                break
            }
            let composition = version == 0 ? Int32(clamping: offsetField) : Int32(bitPattern: offsetField)
            track.samples.append(MP4Sample(size: size, duration: duration, isSync: sampleFlags & 0x1_0000 == 0,
                                           compositionOffset: composition))
            track.nextDecodeTime += UInt64(duration)
            offset += Int(size)
            kept += 1
        }
        if kept > 0 {
            track.chunks.append(MP4Chunk(offset: UInt64(chunkStart), sampleCount: kept,
                                         descriptionIndex: header.descriptionIndex))
            keptDataEnd = max(keptDataEnd, offset)
        }
        return offset
    }

    private static func decodeTime(_ bytes: [UInt8], _ tfdt: MP4BoxRange) throws -> UInt64 {
        var reader = MP4ByteReader(bytes, at: tfdt.bodyStart)
        return try reader.versionAndFlags().version == 1 ? reader.u64() : UInt64(reader.u32())
    }
}

extension MP4TrackSamples {
    /// Follows a fragment's decode time: the first sets where the track starts; a later one
    /// past the time so far (a gap the fragments left) lengthens the sample before it, so
    /// every sample keeps its time.
    mutating func moveDecodeTime(to time: UInt64) {
        guard firstDecodeTime != nil else {
            firstDecodeTime = time
            nextDecodeTime = time
            return
        }
        guard time > nextDecodeTime, !samples.isEmpty else { return }
        let gap = time - nextDecodeTime
        samples[samples.count - 1].duration = UInt32(clamping: UInt64(samples[samples.count - 1].duration) + gap)
        nextDecodeTime = time
    }
}
