import CamschedCore
import CamschedMedia
import CamschedV4L2
import Foundation
import Testing
@testable import CamschedFiling

/// A recorder writes a reserved partial by path through FFmpeg; the path it gets goes through
/// the filer's open folder (`/proc/self/fd/N/NAME`), so a folder swapped for a link cannot
/// redirect it — and FFmpeg's open, its final remux beside the partial and the rename over it
/// all work through that path.
@Suite struct RecorderThroughOpenFolderTests {
    static func frame(_ number: Int) throws -> VideoFrame {
        try SyntheticPattern.makeFrame(width: 320, height: 180, pixelFormat: .yu12, frameNumber: UInt32(number),
                                       timestampNanoseconds: 1_000_000_000 + Int64(number) * 40_000_000)
    }

    @Test(arguments: [MovieContainer.mp4, .mkv])
    func aMovieWrittenThroughTheOpenFolderIsFiledAndDecodes(container: MovieContainer) throws {
        let outside = try TemporaryFolder("outside")
        defer { outside.remove() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        let ext = container == .mkv ? "mkv" : "mp4"
        let partial = try filer.reservePartial(relativePath: "garden/rec", extension: ext)
        #expect(partial.url.path.hasPrefix("/proc/self/fd/"))
        let settings = VideoEncoderSettings(codec: .h264, encoderName: "libx264", quality: 23, preset: "ultrafast",
                                            fps: 25, width: 320, height: 180, keyframeInterval: 1)
        let writer = try MovieWriter(path: partial.url, container: container, settings: settings, inputFormat: .yu12)
        for number in 0..<10 { try writer.append(try Self.frame(number)) }
        // Mid-recording the folder is swapped for a link to elsewhere.
        #expect(rename(folder.path + "/garden", folder.path + "/moved") == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/garden", withDestinationPath: outside.path)
        for number in 10..<25 { try writer.append(try Self.frame(number)) }
        let stats = try writer.finish()
        #expect(stats.framesWritten == 25)
        let location = try filer.commit(partial)

        #expect(location.relativePath == "garden/rec.\(ext)")
        #expect(outside.allFiles() == [], "nothing went through the link")
        let filed = folder.url.appendingPathComponent("moved/rec.\(ext)")
        #expect(folder.allFiles() == ["moved/rec.\(ext)"], "no partial or remux left behind")
        let reader = try MovieReader(url: filed)
        var numbers: [UInt32?] = []
        while let frame = try reader.nextFrame() { numbers.append(SyntheticPattern.readFrameNumber(from: frame.picture)) }
        #expect(numbers == (0..<25).map { UInt32($0) })
        #expect(try SHA256Digest.ofFile(atPath: filed.path).hex == location.sha256)
    }
}
