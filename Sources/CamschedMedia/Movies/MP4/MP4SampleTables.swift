/// A plain movie's sample tables (ISO/IEC 14496-12 8.6–8.7) for one track's samples: times
/// (`stts`, `ctts`), sync samples (`stss`), chunks (`stsc`), sizes (`stsz`) and where each
/// chunk lies (`stco`, or `co64` past 4 GiB).
enum MP4SampleTables {
    static func write(_ track: MP4TrackSamples, into writer: inout MP4BoxWriter) {
        let samples = track.samples
        let times = runs(samples.map(\.duration))
        writer.fullBox("stts") { box in
            box.u32(UInt32(times.count))
            for run in times { box.u32(run.count); box.u32(run.value) }
        }
        if samples.contains(where: { !$0.isSync }) {
            let sync = samples.indices.filter { samples[$0].isSync }
            writer.fullBox("stss") { box in
                box.u32(UInt32(sync.count))
                for index in sync { box.u32(UInt32(index + 1)) }
            }
        }
        if samples.contains(where: { $0.compositionOffset != 0 }) {
            let offsets = runs(samples.map { UInt32(bitPattern: $0.compositionOffset) })
            let signed = samples.contains { $0.compositionOffset < 0 }
            writer.fullBox("ctts", version: signed ? 1 : 0) { box in
                box.u32(UInt32(offsets.count))
                for run in offsets { box.u32(run.count); box.u32(run.value) }
            }
        }
        writeChunks(track.chunks, into: &writer)
        writer.fullBox("stsz") { box in
            box.u32(0)
            box.u32(UInt32(samples.count))
            for sample in samples { box.u32(sample.size) }
        }
    }

    /// `stsc` (a row where samples per chunk or the description change) and the chunk offsets.
    private static func writeChunks(_ chunks: [MP4Chunk], into writer: inout MP4BoxWriter) {
        var rows: [(first: UInt32, count: UInt32, description: UInt32)] = []
        for (index, chunk) in chunks.enumerated() {
            let row = (first: UInt32(index + 1), count: UInt32(chunk.sampleCount), description: chunk.descriptionIndex)
            if let last = rows.last, last.count == row.count, last.description == row.description { continue }
            rows.append(row)
        }
        writer.fullBox("stsc") { box in
            box.u32(UInt32(rows.count))
            for row in rows { box.u32(row.first); box.u32(row.count); box.u32(row.description) }
        }
        let wide = chunks.contains { $0.offset > UInt64(UInt32.max) }
        writer.fullBox(wide ? "co64" : "stco") { box in
            box.u32(UInt32(chunks.count))
            for chunk in chunks {
                if wide { box.u64(chunk.offset) } else { box.u32(UInt32(chunk.offset)) }
            }
        }
    }

    /// Equal neighbours counted together: the run-length rows of `stts` and `ctts`.
    static func runs(_ values: [UInt32]) -> [(count: UInt32, value: UInt32)] {
        var result: [(count: UInt32, value: UInt32)] = []
        for value in values {
            if let last = result.last, last.value == value {
                result[result.count - 1].count += 1
            } else {
                result.append((1, value))
            }
        }
        return result
    }
}
