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
}
