import Foundation
import Glibc
import Testing
@testable import CamschedFiling

@Suite struct FileFilerTests {
    @Test func filesUnderTheNameThenAddsNumbersInsteadOfOverwriting() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        var locations: [FiledLocation] = []
        for text in ["first", "second", "third"] {
            locations.append(try filer.file(relativePath: "garden/2026-11-22/shot", extension: "jpg") { sink in
                try sink.write(Array(text.utf8))
            })
        }
        #expect(locations.map(\.relativePath) == [
            "garden/2026-11-22/shot.jpg", "garden/2026-11-22/shot-1.jpg", "garden/2026-11-22/shot-2.jpg",
        ])
        #expect(try folder.read("garden/2026-11-22/shot.jpg") == "first")
        #expect(try folder.read("garden/2026-11-22/shot-1.jpg") == "second")
        #expect(try folder.read("garden/2026-11-22/shot-2.jpg") == "third")
        #expect(locations[0].bytes == 5)
        #expect(locations[0].sha256 == (SHA256Digest.of(Array("first".utf8)).hex))
        #expect(folder.allFiles().allSatisfy { !$0.hasSuffix(".partial") })
    }

    @Test func anOrphanSidecarAlsoTakesTheName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("{}", to: "a/shot.jpg.json")
        let location = try FileFiler(root: folder.url).file(relativePath: "a/shot", extension: "jpg") { try $0.write([1]) }
        #expect(location.relativePath == "a/shot-1.jpg")
    }

    @Test func partialNeverAppearsUnderTheFinalNameBeforeCommit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        _ = try filer.file(relativePath: "job/clip", extension: "mp4") { sink in
            try sink.write([1, 2, 3])
            #expect(folder.allFiles() == ["job/clip.mp4.partial"])
        }
        let partial = try filer.reservePartial(relativePath: "job/clip", extension: "mp4")
        #expect(partial.path == folder.path + "/job/clip.mp4.partial")
        // The writer gets the file through the filer's open folder, not by its plain path.
        #expect(partial.url.path.hasPrefix("/proc/self/fd/") && partial.url.lastPathComponent == "clip.mp4.partial")
        try Data("recorded".utf8).write(to: partial.url)
        #expect(folder.allFiles() == ["job/clip.mp4", "job/clip.mp4.partial"])
        let location = try filer.commit(partial)
        #expect(location.relativePath == "job/clip-1.mp4")
        #expect(location.bytes == 8)
        #expect(location.sha256 == (SHA256Digest.of(Array("recorded".utf8)).hex))
        #expect(folder.allFiles() == ["job/clip-1.mp4", "job/clip.mp4"])
        #expect(try folder.read("job/clip.mp4") == "\u{1}\u{2}\u{3}")
        #expect(throws: FilingError.partialAlreadyClosed(path: partial.path)) { try filer.commit(partial) }
    }

    @Test func abandonRemovesThePartial() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        let partial = try filer.reservePartial(relativePath: "job/clip", extension: "mkv")
        try Data("x".utf8).write(to: partial.url)
        filer.abandon(partial)
        #expect(folder.allFiles().isEmpty)
    }

    @Test func aPartialHeldByAnotherWriterGetsItsOwnName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        let first = try filer.reservePartial(relativePath: "job/clip", extension: "mp4")
        let second = try filer.reservePartial(relativePath: "job/clip", extension: "mp4")
        #expect(first.url != second.url)
        #expect(try filer.commit(second).relativePath == "job/clip.mp4")
        #expect(try filer.commit(first).relativePath == "job/clip-1.mp4")
    }

    @Test func writerErrorsRemoveThePartial() throws {
        struct Broken: Error {}
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        #expect {
            _ = try filer.file(relativePath: "job/x", extension: "jpg") { sink in
                try sink.write([1, 2])
                throw Broken()
            }
        } throws: { error in
            guard case FilingError.writerFailed = error else { return false }
            return true
        }
        #expect(folder.allFiles().isEmpty)
    }

    @Test func rejectsPathsThatLeaveTheRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let filer = FileFiler(root: folder.url)
        for bad in ["/etc/x", "a/../../x", "", "./x"] {
            #expect(throws: FilingError.invalidRelativePath(bad)) {
                _ = try filer.file(relativePath: bad, extension: "jpg") { _ in }
            }
        }
    }

    @Test func simulatedDiskFullRemovesThePartial() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let failing = FileFiler(root: folder.url, writeCall: { _, _, _ in
            Glibc.errno = ENOSPC
            return -1
        })
        #expect {
            _ = try failing.file(relativePath: "job/big", extension: "jpg") { try $0.write([0, 1, 2]) }
        } throws: { error in
            guard case FilingError.diskFull(_, _, _, let code) = error else { return false }
            return code == ENOSPC && String(describing: error).contains("full")
        }
        #expect(folder.allFiles().isEmpty)
    }

    /// Fills a real 1 MiB tmpfs. Needs root (mount); skipped with the reason otherwise.
    @Test func diskFullOnARealSmallFilesystem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let mountPoint = folder.path + "/small"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=1m") == 0 else {
            let reason = String(cString: strerror(errno))
            print("skipping diskFullOnARealSmallFilesystem: cannot mount a tmpfs (\(reason)); needs root")
            return
        }
        defer { umount(mountPoint) }
        let filer = FileFiler(root: URL(fileURLWithPath: mountPoint))
        let early = try filer.file(relativePath: "job/early", extension: "jpg") { try $0.write([UInt8](repeating: 7, count: 100_000)) }

        let chunk = [UInt8](repeating: 1, count: 64 * 1024)
        #expect {
            _ = try filer.file(relativePath: "job/big", extension: "mp4") { sink in
                for _ in 0..<32 { try sink.write(chunk) } // 2 MiB
            }
        } throws: { error in
            guard case FilingError.diskFull(let filesystem, let free, _, let code) = error else { return false }
            let text = String(describing: error)
            return filesystem == mountPoint && code == ENOSPC && free < 100_000 && text.contains(mountPoint)
        }
        let names = try FileManager.default.subpathsOfDirectory(atPath: mountPoint).sorted()
        #expect(names == ["job", "job/early.jpg"])
        #expect(try SHA256Digest.ofFile(atPath: early.url.path).hex == early.sha256)
    }
}
