/// The header boxes that carry a duration — `mvhd`, `tkhd`, `mdhd` — read so that the
/// duration can be written anew (as version 1 when it no longer fits 32 bits) and everything
/// else kept as it was.
struct MP4TimedHeader {
    let type: String
    let version: UInt8
    let flags: UInt32
    let creation: UInt64
    let modification: UInt64
    /// The timescale (`mvhd`, `mdhd`) or the track's ID (`tkhd`).
    let word: UInt32
    private let rest: ArraySlice<UInt8>

    var timescale: UInt32 { word }

    init(_ bytes: [UInt8], _ box: MP4BoxRange) throws {
        var reader = MP4ByteReader(bytes, at: box.bodyStart)
        (version, flags) = try reader.versionAndFlags()
        let wide = version == 1
        creation = wide ? try reader.u64() : UInt64(try reader.u32())
        modification = wide ? try reader.u64() : UInt64(try reader.u32())
        word = try reader.u32()
        type = box.type
        if box.type == "tkhd" { try reader.skip(4) }  // reserved
        try reader.skip(wide ? 8 : 4)  // the old duration
        guard reader.position <= box.end else { throw MP4FormatError("a \(box.type) box too short") }
        rest = bytes[reader.position..<box.end]
    }

    func write(duration: UInt64, into writer: inout MP4BoxWriter) {
        let wide = version == 1 || duration > UInt64(UInt32.max)
        writer.fullBox(type, version: wide ? 1 : 0, flags: flags) { box in
            if wide { box.u64(creation); box.u64(modification) } else { box.u32(UInt32(creation)); box.u32(UInt32(modification)) }
            box.u32(word)
            if type == "tkhd" { box.u32(0) }
            if wide { box.u64(duration) } else { box.u32(UInt32(duration)) }
            box.raw(rest)
        }
    }
}
