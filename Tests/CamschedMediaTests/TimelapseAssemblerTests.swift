import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

@Suite struct TimelapseAssemblerTests {
    @Test func assemblesEveryStillAtTheAskedRate() throws {
        let directory = try TemporaryDirectory()
        let encoder = StillEncoder()
        var images: [URL] = []
        for number in 0..<24 {
            // Mixed formats, and a few at another size that must be scaled to the first.
            let format: StillFormat = [.jpeg, .png, .webp][number % 3]
            let size = number % 5 == 4 ? (640, 360) : (320, 180)
            let frame = try PatternSource.frame(number, at: Double(number), width: size.0, height: size.1)
            let url = directory.file(String(format: "still-%03d.%@", number, format.fileExtension))
            try encoder.encode(frame, format: format, quality: 90).write(to: url)
            images.append(url)
        }
        let broken = directory.file("still-999.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4]).write(to: broken)
        images.append(broken)
        let output = directory.file("timelapse.mp4")
        let stats = try TimelapseAssembler.assemble(images: images, fps: 12, output: output)
        #expect(stats.frames == 24)
        #expect(stats.skipped == [broken])
        #expect(stats.width == 320 && stats.height == 180)
        #expect(abs(stats.durationSeconds - 2) < 0.01)
        let (frames, duration) = try ExternalTool.countFrames(output)
        #expect(frames == 24)
        #expect(abs(duration - 2) < 0.05)
        let json = try ExternalTool.probe(output, ["-select_streams", "v:0", "-show_entries", "stream=r_frame_rate"])
        #expect((json["streams"] as? [[String: Any]])?.first?["r_frame_rate"] as? String == "12/1")
        // Scaled stills draw their code blocks at another geometry; the others read back in order.
        let numbers = try PatternSource.frameNumbers(in: output)
        #expect(numbers.count == 24)
        for (index, number) in numbers.enumerated() where index % 5 != 4 { #expect(number == UInt32(index)) }
        #expect(!FileManager.default.fileExists(atPath: output.path + ".partial"))
    }

    @Test func carriesJPEGOrientationAsDisplayMatrix() throws {
        let directory = try TemporaryDirectory()
        let jpeg = try StillEncoder().encode(try PatternSource.frame(0, at: 0), format: .jpeg, quality: 80)
        let tagged = try ExifWriter.insert(ExifFields(captureDate: Date(), rotation: 90), into: jpeg)
        let url = directory.file("a.jpg")
        try tagged.write(to: url)
        let output = directory.file("t.mkv")
        _ = try TimelapseAssembler.assemble(images: [url, url, url], fps: 3, output: output)
        let mp4 = directory.file("t.mp4")
        _ = try TimelapseAssembler.assemble(images: [url, url, url], fps: 3, output: mp4)
        #expect(try MovieReader(url: mp4).displayRotation.map { abs($0 + 90) < 0.01 } == true)
    }

    @Test func nothingDecodableIsAnError() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: MediaError.self) {
            _ = try TimelapseAssembler.assemble(images: [directory.file("missing.jpg")], fps: 10, output: directory.file("x.mp4"))
        }
    }
}
