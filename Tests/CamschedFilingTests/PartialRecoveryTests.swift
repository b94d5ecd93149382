import CamschedTestSupport
import Foundation
import Testing
@testable import CamschedFiling

@Suite struct PartialRecoveryTests {
    struct RemuxFailed: Error {}

    @Test func recoversFilesDiscardsJunkAndLeavesLiveWritersAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        try folder.write("taken", to: "garden/2026-11-22/shot.jpg")
        try folder.writeMarkedPartial("good still", to: "garden/2026-11-22/shot.jpg.partial")
        try folder.writeMarkedPartial("half a video", to: "hall/clip.mp4.partial")
        try folder.writeMarkedPartial("garbage", to: "garden/broken.jpg.partial")
        try folder.writeMarkedPartial("flaky", to: "garden/flaky.jpg.partial")
        try folder.writeMarkedPartial("{", to: "garden/old.jpg.json.partial")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/garden/latest.jpg.77.partial", withDestinationPath: "x.jpg")
        let filer = FileFiler(root: folder.url)
        let live = try filer.reservePartial(relativePath: "hall/live", extension: "mp4")
        defer { filer.abandon(live) }

        let (logger, logs) = RecordingLogHandler.logger()
        let recovery = PartialRecovery(root: folder.url, catalog: catalog, logger: logger, host: "pi", camschedVersion: "0.1.0") { partial, final in
            switch final.lastPathComponent {
            case "shot.jpg":
                return RecoveredMedia(file: partial, width: 640, height: 360, codec: "jpeg")
            case "clip.mp4":
                // A remux beside the partial, as the Media layer would write it.
                let remux = partial.deletingLastPathComponent().appendingPathComponent("clip.mp4.remux")
                try Data("playable part".utf8).write(to: remux)
                return RecoveredMedia(file: remux, frames: 48, codec: "h264", duration: .seconds(2))
            case "flaky.jpg":
                throw RemuxFailed()
            default:
                return nil
            }
        }
        let report = recovery.run()

        #expect(report.recovered.map(\.relativePath).sorted() == ["garden/2026-11-22/shot-1.jpg", "hall/clip.mp4"])
        #expect(report.discarded.sorted() == ["garden/broken.jpg.partial", "garden/latest.jpg.77.partial", "garden/old.jpg.json.partial"])
        #expect(report.inUse == ["hall/live.mp4.partial"])
        #expect(Array(report.failed.keys) == ["garden/flaky.jpg.partial"])
        #expect(logs.contains("nothing of garden/broken.jpg.partial could be recovered"))

        #expect(try folder.read("garden/2026-11-22/shot.jpg") == "taken", "never overwritten")
        #expect(try folder.read("garden/2026-11-22/shot-1.jpg") == "good still")
        #expect(try folder.read("hall/clip.mp4") == "playable part")
        #expect(folder.allFiles() == [
            "catalog.sqlite", "catalog.sqlite-shm", "catalog.sqlite-wal", "catalog.sqlite.lock",
            "garden/2026-11-22/shot-1.jpg", "garden/2026-11-22/shot-1.jpg.json", "garden/2026-11-22/shot.jpg",
            "garden/flaky.jpg.partial", "hall/clip.mp4", "hall/clip.mp4.json", "hall/live.mp4.partial",
        ])

        let still = try Sidecar.read(from: folder.url.appendingPathComponent("garden/2026-11-22/shot-1.jpg.json"))
        #expect(still.recovered == true && still.job == "garden" && still.kind == .still && still.run == "unknown")
        let expectedHash = SHA256Digest.of(Array("good still".utf8)).hex
        #expect(still.bytes == 10 && still.sha256 == expectedHash)
        #expect(still.format == .init(pixelFormat: "unknown", width: 640, height: 360))
        #expect(still.device == nil)
        let clip = try #require(try catalog.files.entry(file: "hall/clip.mp4"))
        #expect(clip.recovered && clip.kind == "segment" && clip.job == "hall")
        #expect(try clip.sidecar().frames == 48)
        #expect(clip.endedAt.timeIntervalSince(clip.startedAt) == 2)

        let verify = try catalog.maintenance.verify()
        #expect(verify.unknownFiles == ["garden/2026-11-22/shot.jpg"])
        #expect(verify.stalePartials == ["garden/flaky.jpg.partial"])
        #expect(verify.mismatched.isEmpty && verify.missing.isEmpty)
    }
}
