import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// Whole and damaged compressed frames, made by FFmpeg (a JPEG of testsrc2; x264's H.264 as a
/// camera sends it, Annex B with its parameter sets in front of each keyframe) and then cut
/// short, zero-filled or replaced by garbage as a camera's transfer or buffer can be.
@Suite struct CompressedFrameValidatorTests {
    static func jpeg(in dir: TemporaryDirectory) throws -> [UInt8] {
        let file = dir.file("a.jpg")
        _ = try ExternalTool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360", "-frames:v", "1",
                                            "-q:v", "5", "-pix_fmt", "yuvj422p", file.path])
        return [UInt8](try Data(contentsOf: file))
    }

    /// 30 access units with a keyframe every 10, each with an access unit delimiter (which is
    /// where the stream is split into frames).
    static func h264(in dir: TemporaryDirectory) throws -> [[UInt8]] {
        let file = dir.file("a.h264")
        _ = try ExternalTool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=15", "-frames:v", "30",
                                            "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-keyint_min", "10",
                                            "-sc_threshold", "0", "-x264-params", "aud=1", "-f", "h264", file.path])
        let stream = [UInt8](try Data(contentsOf: file))
        let starts = stream.indices.dropLast(4).filter {
            stream[$0] == 0 && stream[$0 + 1] == 0 && stream[$0 + 2] == 0 && stream[$0 + 3] == 1 && stream[$0 + 4] & 0x1F == 9
        }
        return zip(starts, starts.dropFirst() + [stream.count]).map { Array(stream[$0..<$1]) }
    }

    static func jpegDamage(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { CompressedFrameValidator.jpegDamage($0) }
    }

    static func h264Structure(_ bytes: [UInt8]) -> (damage: String?, isKeyframe: Bool) {
        bytes.withUnsafeBytes { CompressedFrameValidator.h264Structure($0) }
    }

    static func garbage(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    @Test func aWholeJPEGPassesWithOrWithoutItsHuffmanTablesAndWithPadding() throws {
        let dir = try TemporaryDirectory()
        let jpeg = try Self.jpeg(in: dir)
        #expect(Self.jpegDamage(jpeg) == nil)
        // A UVC camera's MJPEG leaves the Huffman tables out (the decoder has the standard ones).
        let segments = try JPEGSegments(Data(jpeg))
        var withoutTables = jpeg
        for segment in segments.segments.reversed() where segment.marker == 0xC4 { withoutTables.removeSubrange(segment.range) }
        #expect(withoutTables.count < jpeg.count && Self.jpegDamage(withoutTables) == nil)
        // Cameras pad their buffers after EOI.
        #expect(Self.jpegDamage(jpeg + [UInt8](repeating: 0, count: 4096)) == nil)
    }

    @Test func aJPEGCutShortAnywhereIsDamaged() throws {
        let dir = try TemporaryDirectory()
        let jpeg = try Self.jpeg(in: dir)
        let scan = try JPEGSegments(Data(jpeg)).scanStart
        for length in [0, 1, 3, 20, scan, scan + 5, scan + 20, jpeg.count / 2, jpeg.count * 9 / 10, jpeg.count - 2, jpeg.count - 1] {
            #expect(Self.jpegDamage(Array(jpeg.prefix(length))) != nil, "cut at \(length) of \(jpeg.count)")
        }
        // Every cut inside the scan, a byte at a time near its end (where only EOI is missing).
        for length in (jpeg.count - 64)..<jpeg.count {
            #expect(Self.jpegDamage(Array(jpeg.prefix(length))) != nil, "cut at \(length) of \(jpeg.count)")
        }
    }

    @Test func aJPEGWhoseTailWasNeverWrittenIsDamaged() throws {
        let dir = try TemporaryDirectory()
        let jpeg = try Self.jpeg(in: dir)
        for kept in [jpeg.count / 10, jpeg.count / 2, jpeg.count - 10] {
            let zeroed = Array(jpeg.prefix(kept)) + [UInt8](repeating: 0, count: jpeg.count - kept)
            let damage = Self.jpegDamage(zeroed)
            #expect(damage?.contains("end of image") == true, "\(kept) of \(jpeg.count) kept: \(damage ?? "passed")")
        }
    }

    @Test func garbageIsDamagedWithOrWithoutAJPEGHead() throws {
        let dir = try TemporaryDirectory()
        let jpeg = try Self.jpeg(in: dir)
        let scan = try JPEGSegments(Data(jpeg)).scanStart
        let sosLength = Int(jpeg[scan + 2]) << 8 | Int(jpeg[scan + 3])
        for seed: UInt64 in 1...20 {
            #expect(Self.jpegDamage(Self.garbage(50_000, seed: seed)) != nil)
            #expect(Self.jpegDamage([0xFF, 0xD8] + Self.garbage(50_000, seed: seed)) != nil, "SOI and garbage, seed \(seed)")
            // The camera's headers, then random entropy-coded data and EOI: 0xFF bytes in it
            // that are neither stuffed nor restart markers break the scan.
            let head = Array(jpeg.prefix(scan + 2 + sosLength))
            #expect(Self.jpegDamage(head + Self.garbage(50_000, seed: seed) + [0xFF, 0xD9]) != nil, "a garbage scan, seed \(seed)")
        }
        // A scan of a component the frame does not have; a second SOI.
        var wrongComponent = jpeg
        wrongComponent[scan + 5] = 0x77
        #expect(Self.jpegDamage(wrongComponent)?.contains("component") == true)
        #expect(Self.jpegDamage(Array(jpeg.prefix(scan)) + [0xFF, 0xD8] + Array(jpeg.suffix(from: scan))) != nil)
    }

    @Test func wholeH264FramesPassAndTheirKeyframesAreKnown() throws {
        let dir = try TemporaryDirectory()
        let frames = try Self.h264(in: dir)
        #expect(frames.count == 30)
        let found = frames.map(Self.h264Structure)
        #expect(found.allSatisfy { $0.damage == nil }, "\(found.compactMap(\.damage))")
        #expect(found.indices.filter { found[$0].isKeyframe } == [0, 10, 20])
        // The same frames without delimiters, and with a three-byte start code.
        let bare = frames[10].dropFirst(6)
        #expect(Self.h264Structure(Array(bare)).damage == nil && Self.h264Structure(Array(bare.dropFirst())).isKeyframe)
    }

    @Test func anH264FrameCutShortOrZeroFilledOrGarbageIsDamaged() throws {
        let dir = try TemporaryDirectory()
        let keyframe = try Self.h264(in: dir)[0]
        let sliceStart = try #require(keyframe.indices.dropLast(3).first { keyframe[$0...$0 + 2] == [0, 0, 1] && keyframe[$0 + 3] & 0x1F == 5 })
        // Cut before the picture: in the delimiter, the parameter sets, the slice's header.
        for length in [0, 2, 5, 12, sliceStart, sliceStart + 3, sliceStart + 4] {
            #expect(Self.h264Structure(Array(keyframe.prefix(length))).damage != nil, "cut at \(length) of \(keyframe.count)")
        }
        // A tail never written: zeros where the rest of the slice should be.
        for kept in [sliceStart + 20, keyframe.count / 2, keyframe.count - 40] {
            let zeroed = Array(keyframe.prefix(kept)) + [UInt8](repeating: 0, count: keyframe.count - kept)
            #expect(Self.h264Structure(zeroed).damage?.contains("zero bytes") == true, "\(kept) of \(keyframe.count) kept")
        }
        var forbidden = keyframe
        forbidden[sliceStart + 3] |= 0x80
        #expect(Self.h264Structure(forbidden).damage?.contains("forbidden_zero_bit") == true)
        var unspecified = keyframe
        unspecified[sliceStart + 3] = 0x60 | 30
        #expect(Self.h264Structure(unspecified).damage?.contains("type 30") == true)
        for seed: UInt64 in 1...20 {
            #expect(Self.h264Structure(Self.garbage(20_000, seed: seed)).damage != nil)
        }
    }

    @Test func afterADamagedH264FrameTheFramesUpToTheNextKeyframeAreRefused() throws {
        let dir = try TemporaryDirectory()
        let frames = try Self.h264(in: dir)
        var validator = CompressedFrameValidator(format: .h264)
        var verdicts: [CompressedFrameValidator.Verdict] = []
        for (index, frame) in frames.enumerated() {
            let sent = index == 4 ? Array(frame.prefix(frame.count / 2)) + [UInt8](repeating: 0, count: frame.count - frame.count / 2) : frame
            verdicts.append(sent.withUnsafeBytes { validator.check($0) })
        }
        #expect(verdicts[0..<4].allSatisfy { $0 == .good })
        if case .damaged = verdicts[4] {} else { Issue.record("frame 4 passed: \(verdicts[4])") }
        #expect(verdicts[5..<10].allSatisfy { $0 == .awaitingKeyframe }, "\(verdicts[5..<10])")
        #expect(verdicts[10...].allSatisfy { $0 == .good })
        // MJPEG frames stand alone: a damaged one costs only itself.
        let jpeg = try Self.jpeg(in: dir)
        var mjpeg = CompressedFrameValidator(format: .mjpg)
        let damaged = Array(jpeg.prefix(100))
        #expect(damaged.withUnsafeBytes { mjpeg.check($0) } != .good)
        #expect(jpeg.withUnsafeBytes { mjpeg.check($0) } == .good)
    }
}
