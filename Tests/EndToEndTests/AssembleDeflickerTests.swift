import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// `camsched assemble --deflicker` and a job's `assemble.deflicker`, measured on the decoded
/// video: the frame-to-frame flicker (``FlickerMetric``) at least halves, every frame is there,
/// and the stills are left as they were.
@Suite struct AssembleDeflickerTests {
    @Test func deflickerFlagHalvesTheFlickerOfAFoldersVideo() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.file("stills")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stills = try FlickeringStills.write(count: 40, into: folder, seed: 7)
        let original = try stills.map { try Data(contentsOf: $0) }
        let plain = try CamschedBinary.run(["assemble", folder.path, "-o", dir.file("plain.mp4").path, "--fps", "20"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stderr.contains("deflickered"), "\(plain.stderr)")
        let smooth = try CamschedBinary.run(["assemble", folder.path, "-o", dir.file("smooth.mp4").path, "--fps", "20",
                                             "--deflicker"])
        #expect(smooth.status == 0, "\(smooth.stderr)")
        #expect(smooth.stderr.contains("40 frames at 20.0 fps from 40 still(s), deflickered (largest correction 0."),
                "\(smooth.stderr)")
        #expect(try stills.map { try Data(contentsOf: $0) } == original)
        #expect(try MediaProbe.probe(dir.file("smooth.mp4")).frames == 40)
        let before = FlickerMetric.flicker(try DecodedFrameMeans.of(dir.file("plain.mp4")).map(\.brightness))
        let after = FlickerMetric.flicker(try DecodedFrameMeans.of(dir.file("smooth.mp4")).map(\.brightness))
        print("assemble --deflicker: decoded flicker \(before) without, \(after) with")
        #expect(before > 0.04)
        #expect(after <= before / 2)
    }

    @Test func helpNamesTheFlag() throws {
        let help = try CamschedBinary.run(["assemble", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--deflicker"), "\(help.stdout)")
        #expect(help.stdout.contains("15 frames"), "\(help.stdout)")
    }
}
