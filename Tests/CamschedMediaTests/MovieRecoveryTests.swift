import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

@Suite struct MovieRecoveryTests {
    static func settings() -> VideoEncoderSettings {
        // veryfast keeps x264's lookahead and frame threads: the realistic encoder delay.
        VideoEncoderSettings(codec: .h264, encoderName: "libx264", quality: 23, preset: "veryfast",
                             fps: 30, width: 320, height: 180, keyframeInterval: 1)
    }

    /// Frame numbers must start at 0 and run on without a gap.
    static func expectContinuous(_ url: URL, count: Int) throws {
        let numbers = try PatternSource.frameNumbers(in: url)
        #expect(numbers.count == count)
        #expect(numbers == (0..<count).map { UInt32($0) })
    }

    @Test(arguments: MovieContainer.allCases)
    func aCopyTakenWhileWritingPlaysUpToTheLastSecond(container: MovieContainer) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("live.\(container.fileExtension).partial")
        let writer = try MovieWriter(path: path, container: container, settings: Self.settings(), inputFormat: .yuyv)
        var generator = SystemRandomNumberGenerator()
        let cuts = Set((0..<3).map { _ in Int.random(in: 35...115, using: &generator) })
        var snapshots: [(frames: Int, url: URL)] = []
        for number in 0..<120 {
            try writer.append(try PatternSource.frame(number, at: Double(number) / 30, format: .yuyv))
            if cuts.contains(number + 1) {
                let copy = directory.file("cut-\(number + 1).\(container.fileExtension).partial")
                try FileManager.default.copyItem(at: path, to: copy)
                snapshots.append((number + 1, copy))
            }
        }
        _ = try writer.finish()
        for snapshot in snapshots {
            let output = directory.file("recovered-\(snapshot.frames).\(container.fileExtension)")
            let recovered = try #require(try MovieRecovery.recover(partial: snapshot.url, to: output))
            // Written for `elapsed` seconds at 30 fps: at least (elapsed − 1 s) × 30 frames play.
            #expect(recovered.frames >= snapshot.frames - 30, "cut after \(snapshot.frames) frames kept \(recovered.frames)")
            #expect(recovered.frames <= snapshot.frames)
            // An MP4 is finished where it lies, an MKV remuxed beside it.
            #expect(recovered.output == (container == .mp4 ? snapshot.url : output))
            #expect(try ExternalTool.countFrames(recovered.output).frames == recovered.frames)
            try Self.expectContinuous(recovered.output, count: recovered.frames)
            #expect(!FileManager.default.fileExists(atPath: output.path + ".recovering"))
        }
    }

    @Test(arguments: MovieContainer.allCases)
    func truncatedAtAnyByteStillPlaysItsPrefix(container: MovieContainer) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("whole.\(container.fileExtension).partial")
        let writer = try MovieWriter(path: path, container: container, settings: Self.settings(), inputFormat: .yu12)
        for number in 0..<90 { try writer.append(try PatternSource.frame(number, at: Double(number) / 30)) }
        _ = try writer.finishEncoding()  // complete, but still fragmented: what a crash before the remux leaves
        let whole = try Data(contentsOf: path)
        var generator = SystemRandomNumberGenerator()
        var offsets = (0..<8).map { _ in Int.random(in: 0..<whole.count, using: &generator) }
        offsets += [0, 100, whole.count / 2, whole.count - 1, whole.count]
        var previous = (offset: 0, frames: 0)
        for offset in offsets.sorted() {
            let cut = directory.file("cut-\(offset).\(container.fileExtension).partial")
            try whole.prefix(offset).write(to: cut)
            let output = directory.file("out-\(offset).\(container.fileExtension)")
            let recovered = try MovieRecovery.recover(partial: cut, to: output)
            let frames = recovered?.frames ?? 0
            #expect(frames >= previous.frames, "more bytes never play fewer frames (\(offset) vs \(previous.offset))")
            if let recovered { try Self.expectContinuous(recovered.output, count: frames) }
            else { #expect(!FileManager.default.fileExists(atPath: output.path)) }
            previous = (offset, frames)
        }
        #expect(previous.frames == 90, "the whole file recovers every frame")
    }

    @Test func garbageRecoversNothing() throws {
        let directory = try TemporaryDirectory()
        let junk = directory.file("junk.mp4.partial")
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: junk)
        #expect(try MovieRecovery.recover(partial: junk, to: directory.file("junk.mp4")) == nil)
        try Data().write(to: junk)
        #expect(try MovieRecovery.recover(partial: junk, to: directory.file("junk.mp4")) == nil)
    }

    @Test func stillValidatorSpotsCutOffJPEGs() throws {
        let directory = try TemporaryDirectory()
        let frame = try PatternSource.frame(5, at: 0, width: 640, height: 360)
        let encoder = StillEncoder()
        let jpeg = try encoder.encode(frame, format: .jpeg, quality: 90)
        let whole = directory.file("whole.jpg")
        try jpeg.write(to: whole)
        #expect(StillValidator.isComplete(jpegAt: whole))
        #expect(StillValidator.isComplete(imageAt: whole))
        for fraction in [0.1, 0.5, 0.9, 0.999] {
            let cut = directory.file("cut.jpg")
            try jpeg.prefix(Int(Double(jpeg.count) * fraction)).write(to: cut)
            #expect(!StillValidator.isComplete(jpegAt: cut), "cut at \(fraction)")
        }
        let png = directory.file("still.png")
        try encoder.encode(frame, format: .png, quality: 90).write(to: png)
        #expect(StillValidator.isComplete(imageAt: png))
        let pngData = try Data(contentsOf: png)
        try pngData.prefix(pngData.count - 20).write(to: png)
        #expect(!StillValidator.isComplete(imageAt: png))
        #expect(!StillValidator.isComplete(jpegAt: directory.file("missing.jpg")))
    }
}
