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

    /// The test camera's day scene at dusk (Berlin, 21 June, 19:15 UTC on, 300× fast: the sun
    /// from about +1° to −2°) with the camera's own auto exposure, which lags and hunts as a
    /// webcam's does. The job assembles with deflicker; the same stills assembled without it are
    /// the comparison.
    @Test func aDuskJobWithAutoExposureAssemblesWithHalfTheFlicker() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("dusk.json", """
            {
              "name": "dusk",
              "camera": { "device": "test:?scene=day&size=320x180&fps=30&start=2026-06-21T19:15:00Z&timeScale=300",
                          "warmup": "100ms", "exposure": { "mode": "continuous" } },
              "capture": { "interval": { "every": "100ms", "count": 60, "assemble": { "fps": 30, "deflicker": true } } },
              "still": { "format": "jpeg", "quality": 85 },
              "output": { "root": "out", "path": "{job}/{job}-{seq}" }
            }
            """)
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        let video = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        // On a loaded machine a shot may be skipped (late by more than a period, counted): every
        // shot is filed or counted, and every filed still is a frame of both videos.
        let filed = JobFixtures.filed(dir, ext: "jpg").count
        let skipped = run.stderr.matches(of: /(\d+) shot\(s\) skipped/).compactMap { Int($0.1) }.reduce(0, +)
        #expect(filed + skipped == 60 && filed >= 40, "\(filed) filed, \(skipped) skipped")
        let plain = dir.file("plain.mp4")
        #expect(try CamschedBinary.run(["assemble", dir.file("out/dusk").path, "-o", plain.path]).status == 0)
        #expect(try MediaProbe.probe(video).frames == filed)
        #expect(try MediaProbe.probe(plain).frames == filed)
        // The stills are as filed: every hash in the catalog still matches.
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
        #expect(verify.status == 0 && !verify.stdout.contains("changed:"), "\(verify.stdout)")
        let before = FlickerMetric.flicker(try DecodedFrameMeans.of(plain).map(\.brightness))
        let after = FlickerMetric.flicker(try DecodedFrameMeans.of(video).map(\.brightness))
        print("dusk with the camera's auto exposure: decoded flicker \(before) without deflicker, \(after) with")
        #expect(before > 0.02, "the auto exposure hunts")
        #expect(after <= before / 2)
    }
}
