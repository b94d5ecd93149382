import CamschedTestSupport
import Foundation
import Testing
@testable import CamschedFiling

/// A still and its sidecar flushed as partial files, then named together (two journal
/// commits on ext4), and the one state a power cut between the two renames could add.
@Suite struct FiledWithSidecarTests {
    static let startedAt = Date(timeIntervalSince1970: 1_795_000_000)

    static func describe(_ location: FiledLocation) throws -> Data {
        try SidecarFixtures.still(file: location.relativePath, bytes: location.bytes, sha256: location.sha256, startedAt: startedAt)
            .jsonData()
    }

    @Test func theStillAndItsSidecarTakeTheirNamesTogetherAndTheSidecarNamesTheStill() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        var described: [String] = []
        let location = try filer.file(relativePath: "garden/shot", extension: "jpg", write: { sink in try sink.write(Array("jpeg".utf8)) },
                                      describe: { location in
                                          described.append(location.relativePath)
                                          return try Self.describe(location)
                                      })
        #expect(location.relativePath == "garden/shot.jpg" && described == ["garden/shot.jpg"])
        #expect(folder.allFiles() == ["garden/shot.jpg", "garden/shot.jpg.json"], "no partial left")
        let sidecar = try Sidecar.read(from: location.sidecarURL)
        #expect(sidecar.file == "garden/shot.jpg" && sidecar.bytes == 4)
        #expect(sidecar.sha256 == (SHA256Digest.of(Array("jpeg".utf8)).hex))
    }

    @Test func aTakenNameGivesTheNextOneInTheSidecarToo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("someone else's", to: "garden/shot.jpg")
        try folder.write("{}", to: "garden/shot-1.jpg.json")
        let location = try FileFiler(root: folder.url).file(relativePath: "garden/shot", extension: "jpg",
                                                            write: { sink in try sink.write(Array("jpeg".utf8)) }, describe: Self.describe)
        #expect(location.relativePath == "garden/shot-2.jpg")
        #expect(try folder.read("garden/shot.jpg") == "someone else's", "never overwritten")
        #expect(try Sidecar.read(from: location.sidecarURL).file == "garden/shot-2.jpg")
        #expect(!folder.allFiles().contains { $0.hasSuffix(".partial") })
    }

    @Test func aPartialStillWhoseSidecarHasItsNameAndHashTakesThatName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try Catalog.open(root: folder.url)
        // The state: the sidecar's rename reached the disk, the still's did not.
        try folder.writeMarkedPartial("a whole still", to: "garden/shot.jpg.partial")
        let hash = SHA256Digest.of(Array("a whole still".utf8)).hex
        let sidecar = SidecarFixtures.still(file: "garden/shot.jpg", bytes: 13, sha256: hash, startedAt: Self.startedAt)
        let json = try sidecar.jsonData()
        try json.write(to: folder.url.appendingPathComponent("garden/shot.jpg.json"))
        // And one whose sidecar describes other bytes: recovered the usual way, beside it.
        try folder.writeMarkedPartial("cut short", to: "garden/other.jpg.partial")
        let other = SidecarFixtures.still(file: "garden/other.jpg", bytes: 13, sha256: hash, startedAt: Self.startedAt)
        try other.jsonData().write(to: folder.url.appendingPathComponent("garden/other.jpg.json"))

        let (logger, _) = RecordingLogHandler.logger()
        let report = PartialRecovery(root: folder.url, catalog: catalog, logger: logger, host: "pi", camschedVersion: "0.1.0") { partial, _ in
            RecoveredMedia(file: partial, width: 640, height: 360, codec: "jpeg")
        }.run()

        #expect(report.recovered.map(\.relativePath).sorted() == ["garden/other-1.jpg", "garden/shot.jpg"])
        #expect(try folder.read("garden/shot.jpg") == "a whole still")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("garden/shot.jpg.json")) == json, "its own sidecar kept")
        #expect(try catalog.files.entry(file: "garden/shot.jpg")?.sha256 == hash)
        #expect(try folder.read("garden/other-1.jpg") == "cut short")
        #expect(!folder.allFiles().contains { $0.hasSuffix(".partial") })
    }
}
