import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// Finishing a fragmented MP4 where it lies: the same samples at the same times, only the index
/// written, and a file that plays at every step of the finish.
@Suite struct MP4InPlaceFinishTests {
    /// 60 frames at 30 fps then 30 at 15 fps (4 s, a changing rate), left fragmented.
    static func fragmented(in directory: TemporaryDirectory, name: String = "clip.mp4.partial") throws -> URL {
        let path = directory.file(name)
        let writer = try MovieWriter(path: path, settings: MovieWriterTests.settings(), inputFormat: .yu12)
        let times = (0..<60).map { Double($0) / 30 } + (0..<30).map { 2 + Double($0) / 15 }
        for (number, time) in times.enumerated() { try writer.append(try PatternSource.frame(number, at: time)) }
        _ = try writer.finishEncoding()
        return path
    }

    /// Each packet's times, size and key flag as ffprobe reads them (`fields`).
    static func packets(_ url: URL, fields: String = "pts,dts,size,flags") throws -> [String] {
        try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                         "packet=\(fields)", "-of", "csv=p=0", url.path])
            .split(separator: "\n").map(String.init)
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    @Test func aFragmentedMovieBecomesPlainWithTheSameSamplesAndOnlyItsIndexWritten() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.fragmented(in: directory)
        let before = try Self.bytes(path)
        let packets = try Self.packets(path)
        #expect(packets.count == 90)
        let moovOffset = Int(before[0..<4].reduce(0) { $0 << 8 | UInt32($1) })  // right after ftyp
        #expect(String(decoding: before[moovOffset + 4..<moovOffset + 8], as: UTF8.self) == "moov")

        let result = try MP4InPlaceFinish.finish(path: path.path)
        #expect(result.samples == 90 && result.finishedNow)
        #expect(abs(result.durationSeconds - 4) < 0.001, "\(result.durationSeconds)")
        let after = try Self.bytes(path)
        #expect(try ExternalTool.topLevelBoxes(path) == ["ftyp", "mdat", "moov"])
        // Only the 16 bytes of the new mdat header changed; the rest is the new index.
        #expect(after.count > before.count && after.count - before.count < 4096)
        let changed = (0..<before.count).filter { before[$0] != after[$0] }
        #expect(changed.allSatisfy { (moovOffset..<moovOffset + 16).contains($0) }, "\(changed.prefix(20))")
        let index = after[before.count...]
        #expect(String(decoding: index.dropFirst(4).prefix(4), as: UTF8.self) == "moov")
        for type in ["mvex", "moof", "trex"] { #expect(Self.find(type, in: Array(index)) == nil, "\(type) in the plain moov") }

        #expect(try Self.packets(path) == packets)
        // Each frame lasts until the next (1/30 s, then 1/15 s), the last as long as the one before.
        let durations = try Self.packets(path, fields: "duration")
        #expect(durations == Array(repeating: "3000", count: 60) + Array(repeating: "6000", count: 30))
        let (frames, duration) = try ExternalTool.countFrames(path)
        #expect(frames == 90 && abs(duration - 4) < 0.001, "\(frames) frames, \(duration) s")
        #expect(try PatternSource.frameNumbers(in: path) == (0..<90).map { UInt32($0) })
    }

    /// The states a kill can leave mid-finish: the plain index written in part or whole after
    /// the fragments. Each plays as the fragmented movie, and finishing again gives the same
    /// file as a finish that was never interrupted; a finished file is left as it is.
    @Test(arguments: [0.1, 0.5, 1.0])
    func aFinishInterruptedAfterPartOfTheIndexEndsTheSame(writtenShare: Double) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.fragmented(in: directory)
        let fragmentedBytes = try Self.bytes(path)
        _ = try MP4InPlaceFinish.finish(path: path.path)
        let finished = try Self.bytes(path)
        let index = finished[fragmentedBytes.count...]

        let interrupted = directory.file("interrupted.mp4")
        try Data(fragmentedBytes + index.prefix(Int(Double(index.count) * writtenShare))).write(to: interrupted)
        #expect(try ExternalTool.countFrames(interrupted).frames == 90)
        #expect(try MP4InPlaceFinish.finish(path: interrupted.path).finishedNow)
        #expect(try Self.bytes(interrupted) == finished)

        let again = try MP4InPlaceFinish.finish(path: interrupted.path)
        #expect(!again.finishedNow && again.samples == 90 && abs(again.durationSeconds - 4) < 0.001)
        #expect(try Self.bytes(interrupted) == finished)
    }

    /// A file cut inside a fragment's media keeps the samples whose bytes it holds; cut inside a
    /// `moof`, the fragments before it. Either way the frames decode in order from the first.
    @Test(arguments: [0.35, 0.6, 0.97])
    func aFileCutShortIsFinishedWithTheSamplesItHolds(cutShare: Double) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.fragmented(in: directory)
        let bytes = try Self.bytes(path)
        try Data(bytes.prefix(Int(Double(bytes.count) * cutShare))).write(to: path)
        let result = try MP4InPlaceFinish.finish(path: path.path)
        #expect(result.samples > 0 && result.samples < 90)
        #expect(try PatternSource.frameNumbers(in: path) == (0..<result.samples).map { UInt32($0) })
        #expect(try ExternalTool.countFrames(path).frames == result.samples)
    }

    /// What is not a fragmented movie is refused and left byte for byte.
    @Test func whatIsNotAFragmentedMovieIsRefusedAndLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        let fragmented = try Self.bytes(try Self.fragmented(in: directory))
        let moovSize = Int(fragmented[28..<32].reduce(0) { $0 << 8 | UInt32($1) })
        let cases: [(String, [UInt8])] = [
            ("empty", []), ("text", Array("not a movie at all, just words".utf8)),
            ("header only", Array(fragmented.prefix(28 + moovSize / 2))),
            ("no fragment", Array(fragmented.prefix(28 + moovSize))),
        ]
        for (name, content) in cases {
            let file = directory.file(name)
            try Data(content).write(to: file)
            #expect(throws: MP4FormatError.self, "\(name)") { try MP4InPlaceFinish.finish(path: file.path) }
            #expect(try Self.bytes(file) == content, "\(name)")
        }
    }

    @Test func indexTablesGrowTo64BitsWhereNeeded() throws {
        var track = MP4TrackSamples()
        track.samples = [MP4Sample(size: 10, duration: 3000, isSync: true, compositionOffset: 0),
                         MP4Sample(size: 12, duration: 3000, isSync: false, compositionOffset: 0)]
        track.chunks = [MP4Chunk(offset: 5 << 30, sampleCount: 2, descriptionIndex: 1)]
        var writer = MP4BoxWriter()
        MP4SampleTables.write(track, into: &writer)
        #expect(Self.find("co64", in: writer.bytes) != nil && Self.find("stco", in: writer.bytes) == nil)
        #expect(Self.find("stss", in: writer.bytes) != nil)
        #expect(MP4SampleTables.runs([1, 1, 2, 2, 2, 1]).map { [$0.count, $0.value] } == [[2, 1], [3, 2], [1, 1]])
    }

    @Test func aDurationPast32BitsMakesTheHeaderVersion1() throws {
        var source = MP4BoxWriter()
        source.fullBox("mdhd") { box in box.u32(7); box.u32(8); box.u32(90_000); box.u32(1); box.u32(0x55C4_0000) }
        let box = try MP4BoxRange.children(of: source.bytes, in: 0..<source.bytes.count)[0]
        var writer = MP4BoxWriter()
        try MP4TimedHeader(source.bytes, box).write(duration: 1 << 40, into: &writer)
        let rewritten = try MP4TimedHeader(writer.bytes, MP4BoxRange.children(of: writer.bytes, in: 0..<writer.bytes.count)[0])
        #expect(rewritten.version == 1 && rewritten.timescale == 90_000 && rewritten.creation == 7 && rewritten.modification == 8)
        #expect(Array(writer.bytes.suffix(12)) == [0, 0, 1, 0, 0, 0, 0, 0, 0x55, 0xC4, 0, 0])
    }

    static func find(_ type: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(type.utf8)
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
    }
}
