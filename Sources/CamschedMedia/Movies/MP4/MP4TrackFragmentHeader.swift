/// A track fragment's header (`tfhd`): its track, where its data is counted from, and the
/// defaults for its samples (its own, else the track's `trex`).
struct MP4TrackFragmentHeader {
    let trackID: UInt32
    let baseDataOffset: Int?
    let baseIsMoof: Bool
    let descriptionIndex: UInt32
    let defaults: MP4TrackDefaults

    init(_ bytes: [UInt8], _ box: MP4BoxRange, defaults trackDefaults: [UInt32: MP4TrackDefaults]) throws {
        var reader = MP4ByteReader(bytes, at: box.bodyStart)
        let flags = try reader.versionAndFlags().flags
        trackID = try reader.u32()
        var defaults = trackDefaults[trackID] ?? MP4TrackDefaults()
        baseDataOffset = flags & 0x1 != 0 ? Int(clamping: try reader.u64()) : nil
        if flags & 0x2 != 0 { defaults.descriptionIndex = try reader.u32() }
        if flags & 0x8 != 0 { defaults.duration = try reader.u32() }
        if flags & 0x10 != 0 { defaults.size = try reader.u32() }
        if flags & 0x20 != 0 { defaults.flags = try reader.u32() }
        baseIsMoof = flags & 0x2_0000 != 0
        descriptionIndex = defaults.descriptionIndex
        self.defaults = defaults
    }

    /// The `trex` defaults of each track in a movie box's `mvex`.
    static func trackDefaults(inMovie bytes: [UInt8], _ moov: MP4BoxRange) throws -> [UInt32: MP4TrackDefaults] {
        var result: [UInt32: MP4TrackDefaults] = [:]
        for mvex in try MP4BoxRange.children(of: bytes, in: moov.bodyStart..<moov.end) where mvex.type == "mvex" {
            for trex in try MP4BoxRange.children(of: bytes, in: mvex.bodyStart..<mvex.end) where trex.type == "trex" {
                var reader = MP4ByteReader(bytes, at: trex.bodyStart)
                _ = try reader.versionAndFlags()
                let track = try reader.u32()
                result[track] = MP4TrackDefaults(descriptionIndex: try reader.u32(), duration: try reader.u32(),
                                                 size: try reader.u32(), flags: try reader.u32())
            }
        }
        return result
    }
}
