import Foundation
import Testing
@testable import CamschedFiling

@Suite struct LatestLinkTests {
    @Test func replacesTheLinkWithARelativeOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        let first = try filer.file(relativePath: "garden/2026-11-22/a", extension: "jpg") { try $0.write([1]) }
        let second = try filer.file(relativePath: "garden/2026-11-23/b", extension: "jpg") { try $0.write([2]) }
        let jobFolder = folder.url.appendingPathComponent("garden")
        let link = try LatestLink.update(folder: jobFolder, target: first.url)
        #expect(link.lastPathComponent == "latest.jpg")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "2026-11-22/a.jpg")
        try LatestLink.update(folder: jobFolder, target: second.url)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "2026-11-23/b.jpg")
        #expect(try Data(contentsOf: link) == Data([2]))
        #expect(folder.allFiles() == ["garden/2026-11-22/a.jpg", "garden/2026-11-23/b.jpg", "garden/latest.jpg"])
        #expect(LatestLink.relativePath(from: "/r/a/b", to: "/r/c/d.jpg") == "../../c/d.jpg")
    }

    /// Issue 26: `"path": "{job}/latest"` with `"latest": true` — the link replaced the first
    /// filed still. Only a link (or nothing) is replaced; a file or a folder is refused.
    @Test func neverReplacesAFileOrAFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        let still = try filer.file(relativePath: "garden/latest", extension: "jpg") { try $0.write([1, 2, 3]) }
        let other = try filer.file(relativePath: "garden/b", extension: "jpg") { try $0.write([4]) }
        let jobFolder = folder.url.appendingPathComponent("garden")
        #expect(throws: FilingError.self) { try LatestLink.update(folder: jobFolder, target: other.url) }
        #expect(try Data(contentsOf: still.url) == Data([1, 2, 3]))
        try FileManager.default.createDirectory(at: jobFolder.appendingPathComponent("latest.png"), withIntermediateDirectories: false)
        let png = try filer.file(relativePath: "garden/c", extension: "png") { try $0.write([5]) }
        #expect(throws: FilingError.self) { try LatestLink.update(folder: jobFolder, target: png.url) }
        #expect(folder.allFiles() == ["garden/b.jpg", "garden/c.png", "garden/latest.jpg"], "no temporary link is left")
    }

    /// The filer never gives a file the link's name when told it.
    @Test func aFilerAvoidingTheLinksNameStepsAside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url).avoiding(name: "garden/latest")
        let first = try filer.file(relativePath: "garden/latest", extension: "jpg") { try $0.write([1]) }
        let partial = try filer.reservePartial(relativePath: "garden/latest", extension: "mp4")
        let second = try filer.commit(partial)
        let elsewhere = try filer.file(relativePath: "garden/x/latest", extension: "jpg") { try $0.write([2]) }
        #expect([first, second, elsewhere].map(\.relativePath) == ["garden/latest-1.jpg", "garden/latest-1.mp4", "garden/x/latest.jpg"])
        try LatestLink.update(folder: folder.url.appendingPathComponent("garden"), target: first.url)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("garden/latest.jpg")) == Data([1]))
    }
}
