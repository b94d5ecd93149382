import Foundation
import Glibc
import Testing
@testable import CamschedFiling
import CamschedTestSupport

/// Links and files planted under the output root by another user never redirect a write.
/// The tests run as root in CI; "another user" is uid 65534 (nobody).
@Suite struct SymlinkSafetyTests {
    static let nobody: uid_t = 65534
    static let victimText = "root's file, must stay as it is\n"

    /// A root-owned file outside the output root, the target of every planted link.
    struct Victim {
        let folder: TemporaryFolder
        var path: String { folder.path + "/victim.txt" }
        init() throws {
            folder = try TemporaryFolder("victim")
            try folder.write(SymlinkSafetyTests.victimText, to: "victim.txt")
        }
        var isUntouched: Bool {
            (try? Data(contentsOf: URL(fileURLWithPath: path))) == Data(SymlinkSafetyTests.victimText.utf8)
        }
    }

    /// A link at `relative` under `folder` pointing at `target`, owned by `owner`.
    static func plantLink(_ folder: TemporaryFolder, _ relative: String, to target: String, owner: uid_t = nobody) throws {
        let path = folder.path + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        if geteuid() == 0 { #expect(lchown(path, owner, owner) == 0) }
    }

    @Test func linksPlantedAsPartialSidecarAndLatestNamesAreNeverWrittenThrough() throws {
        let victim = try Victim()
        defer { victim.folder.remove() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["shot.jpg.partial", "shot.jpg.json.partial", "latest.jpg", "latest.jpg.\(getpid()).partial", "clip.mp4.partial"] {
            try Self.plantLink(folder, "job/" + name, to: victim.path)
        }
        if geteuid() == 0 { #expect(chown(folder.path + "/job", Self.nobody, Self.nobody) == 0) }
        let filer = FileFiler(root: folder.url)
        let location = try filer.file(relativePath: "job/shot", extension: "jpg") { try $0.write(Array("picture".utf8)) }
        #expect(location.relativePath == "job/shot.jpg", "the final name is still free; only the partial name was taken")
        let sidecar = Sidecar(job: "job", run: "r", kind: .still, file: location.relativePath, bytes: location.bytes,
                              sha256: location.sha256, startedAt: Date(), endedAt: Date(), host: "h", camschedVersion: "t")
        try sidecar.write(to: location.sidecarURL)
        try LatestLink.update(folder: folder.url.appendingPathComponent("job"), target: location.url)
        let partial = try filer.reservePartial(relativePath: "job/clip", extension: "mp4")
        try Data("movie".utf8).write(to: partial.url)
        let clip = try filer.commit(partial)

        #expect(victim.isUntouched)
        #expect(try folder.read("job/shot.jpg") == "picture")
        #expect(try Sidecar.read(from: location.sidecarURL).sha256 == location.sha256)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/job/latest.jpg") == "shot.jpg")
        #expect(clip.relativePath == "job/clip.mp4")
        #expect(try folder.read("job/clip.mp4") == "movie")
        for name in ["shot.jpg.partial", "shot.jpg.json.partial", "clip.mp4.partial", "latest.jpg.\(getpid()).partial"] {
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/job/" + name)) == victim.path,
                    "\(name): another user's link is left where it is")
        }
    }

    @Test func aFolderSwappedForALinkMidRunReceivesNoWrites() throws {
        let outside = try TemporaryFolder("outside")
        defer { outside.remove() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        let first = try filer.file(relativePath: "job/day/a", extension: "jpg") { try $0.write([1]) }
        let reserved = try filer.reservePartial(relativePath: "job/day/rec", extension: "mp4")
        // Mid-run, someone moves the job's folder away and puts a link to elsewhere in its place.
        #expect(rename(folder.path + "/job", folder.path + "/moved") == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/job", withDestinationPath: outside.path)
        try FileManager.default.createDirectory(atPath: outside.path + "/day", withIntermediateDirectories: true)

        #expect(throws: FilingError.linkInPath(path: folder.path + "/job")) {
            try filer.file(relativePath: "job/day/b", extension: "jpg") { try $0.write([2]) }
        }
        #expect(throws: FilingError.linkInPath(path: folder.path + "/job")) {
            try filer.reservePartial(relativePath: "job/day/c", extension: "mp4")
        }
        let sidecar = Sidecar(job: "job", run: "r", kind: .still, file: first.relativePath, bytes: 1, sha256: first.sha256,
                              startedAt: Date(), endedAt: Date(), host: "h", camschedVersion: "t")
        #expect(throws: SidecarError.filing(.linkInPath(path: folder.path + "/job"))) { try sidecar.write(to: first.sidecarURL) }
        #expect(throws: FilingError.linkInPath(path: folder.path + "/job")) {
            try LatestLink.update(folder: folder.url.appendingPathComponent("job"), target: first.url)
        }
        // The recorder that reserved its partial before the swap keeps writing into the real folder.
        try Data("recording".utf8).write(to: reserved.url)
        _ = try filer.commit(reserved)

        #expect(outside.allFiles() == [], "nothing was written outside the root")
        #expect(folder.allFiles() == ["moved/day/a.jpg", "moved/day/rec.mp4"])
        #expect(try folder.read("moved/day/rec.mp4") == "recording")
    }

    @Test func recoveryLeavesForeignPartialsAlone() throws {
        let victim = try Victim()
        defer { victim.folder.remove() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.writeMarkedPartial("ours", to: "job/ours.jpg.partial")
        try folder.write("ours by name", to: "job/.camsched-named.jpg.partial")
        try folder.write("another program's", to: "job/unmarked.jpg.partial")
        try Self.plantLink(folder, "job/link.jpg.partial", to: victim.path)
        try Self.plantLink(folder, "job/latest.jpg.1.partial", to: victim.path)
        if geteuid() == 0 {
            try folder.writeMarkedPartial("another user's", to: "job/theirs.jpg.partial")
            #expect(chown(folder.path + "/job/theirs.jpg.partial", Self.nobody, Self.nobody) == 0)
        }
        let (logger, logs) = RecordingLogHandler.logger()
        let recovery = PartialRecovery(root: folder.url, catalog: nil, logger: logger, host: "h", camschedVersion: "t") { partial, _ in
            RecoveredMedia(file: partial, frames: 1)
        }
        let report = recovery.run()

        #expect(report.recovered.map(\.relativePath).sorted() == ["job/named.jpg", "job/ours.jpg"])
        var foreign = ["job/latest.jpg.1.partial", "job/link.jpg.partial", "job/unmarked.jpg.partial"]
        if geteuid() == 0 { foreign.append("job/theirs.jpg.partial") }
        #expect(report.foreign.sorted() == foreign.sorted())
        #expect(report.discarded.isEmpty)
        #expect(try folder.read("job/unmarked.jpg.partial") == "another program's")
        if geteuid() == 0 { #expect(try folder.read("job/theirs.jpg.partial") == "another user's") }
        #expect(victim.isUntouched)
        #expect(logs.contains("left job/unmarked.jpg.partial alone: it was not made by camsched (has no camsched marker)"))
        #expect(try folder.read("job/named.jpg") == "ours by name")
    }

    @Test func withoutUserAttributesPartialsAreMarkedByName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url, runID: "run-7")
        filer.outputRoot.attributesUnsupported.store(true, ordering: .relaxed)
        let partial = try filer.reservePartial(relativePath: "job/clip", extension: "mp4")
        #expect(partial.path == folder.path + "/job/.camsched-clip.mp4.partial")
        try Data("half".utf8).write(to: partial.url)
        // The process is killed: the lock goes, the file stays.
        _ = partial.take().map(close)

        let (logger, _) = RecordingLogHandler.logger()
        let recovery = PartialRecovery(root: folder.url, catalog: nil, logger: logger, host: "h", camschedVersion: "t") { partial, final in
            #expect(final.lastPathComponent == "clip.mp4")
            return RecoveredMedia(file: partial)
        }
        // A hook another test spawns at this moment may hold a copy of the descriptor (and so
        // the lock) between its fork and exec: then the partial is rightly "in use"; try again.
        var report = recovery.run()
        Wait.until(seconds: 10) {
            if !report.inUse.isEmpty { report = recovery.run() }
            return report.inUse.isEmpty
        }
        #expect(report.recovered.map(\.relativePath) == ["job/clip.mp4"], "\(report)")
        #expect(try folder.read("job/clip.mp4") == "half")
    }

    @Test func partialsCarryTheRunIDInTheirAttribute() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let partial = try FileFiler(root: folder.url, runID: "20261123-101500-garden").reservePartial(relativePath: "j/a", extension: "mp4")
        let fd = open(partial.path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        #expect(PartialMarker.run(of: fd) == "20261123-101500-garden")
    }
}
