import CamschedTestSupport
import Foundation
import Testing

/// What a still costs in flushes, traced through the binary (`strace`): on an ext4 with an
/// ordered journal the still and its sidecar are written back while partial, both renamed,
/// and the folder flushed once — one journal commit a still; on an ext4 without a journal
/// (nothing orders the folder's block after the data there) each file is flushed first, as on
/// every other filesystem. Either way nothing is renamed before its bytes were written back.
@Suite(.serialized) struct StillFlushOrderTests {
    /// One still's calls, in the order they must come, on an ordered journal.
    static let oneCommit = ["write back sidecar", "write back still", "rename still", "rename sidecar", "flush folder"]
    /// The same where the journal does not order data before names.
    static let flushedFirst = ["write back sidecar", "write back still", "flush still", "flush sidecar",
                               "rename still", "rename sidecar", "flush folder"]

    static var canTrace: Bool {
        LoopExt4.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")
    }

    @Test(.enabled(if: canTrace, "needs root, mkfs.ext4 and strace"))
    func onAnOrderedJournalEachStillAfterTheFirstIsFlushedOnceAfterItsRenames() throws {
        let calls = try traceFiveStills(features: nil)
        #expect(Array(calls.suffix(4 * Self.oneCommit.count)) == Array(repeating: Self.oneCommit, count: 4).flatMap { $0 }, "\(calls)")
        #expect(calls.filter { $0.hasPrefix("flush") } == Array(repeating: "flush folder", count: 5), "one flush a still, no file's: \(calls)")
        #expect(calls.count == 5 * Self.oneCommit.count, "the first still as the others: \(calls)")
    }

    @Test(.enabled(if: canTrace, "needs root, mkfs.ext4 and strace"))
    func withoutAJournalEachFileIsFlushedBeforeItsName() throws {
        let calls = try traceFiveStills(features: "^has_journal")
        #expect(Array(calls.suffix(4 * Self.flushedFirst.count)) == Array(repeating: Self.flushedFirst, count: 4).flatMap { $0 },
                "\(calls)")
        #expect(calls.filter { $0.hasPrefix("flush") }.count == 15, "three flushes a still: \(calls)")
    }

    /// Files five stills of the test camera on a fresh ext4 under `strace`; returns the calls on
    /// the stills' folder and the files in it, named as in ``oneCommit``.
    private func traceFiveStills(features: String?) throws -> [String] {
        let dir = try TemporaryDirectory()
        let disk = try LoopExt4.mount(image: dir.file("ext4.img"), at: dir.file("disk"), features: features)
        defer { disk.unmount() }
        let job = try dir.write("disk/tl.json", """
        {"name": "tl", "camera": {"device": "test:?size=320x180&fps=30", "warmup": "0s"},
         "capture": {"interval": {"every": "200ms", "count": 5}}, "still": {"format": "jpeg"},
         "output": {"root": "out", "path": "{job}/{job}-{seq}", "latest": false}}
        """)
        let trace = dir.file("trace.txt")
        let result = try ProcessRunner.run("/usr/bin/strace", [
            "-f", "-qq", "-y", "-o", trace.path, "-e", "trace=fsync,fdatasync,sync_file_range,rename,renameat,renameat2",
            CamschedBinary.path, "run", job.path, "--no-progress",
        ], timeout: 120)
        try #require(result.status == 0, "\(result.stderr)")
        let folder = disk.path + "/out/tl"
        let stills = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }
        try #require(stills.count == 5, "\(stills)")
        return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap { Self.call(String($0), in: folder) }
    }

    /// A traced line as one of the names above, or nil when it is about something else (the
    /// catalog, another folder, a resumed call).
    static func call(_ line: String, in folder: String) -> String? {
        guard let open = line.firstIndex(of: "("), !line.contains("resumed>") else { return nil }
        let name = line[..<open].split(separator: " ").last.map(String.init) ?? ""
        let arguments = String(line[open...])
        let kind = arguments.contains(".jpg.json") ? "sidecar" : arguments.contains(".jpg") ? "still" : "folder"
        switch name {
        case "sync_file_range" where arguments.contains(folder + "/"):
            return "write back " + kind
        case "fsync", "fdatasync":
            if arguments.contains("<\(folder)>") { return "flush folder" }
            return arguments.contains(folder + "/") ? "flush " + kind : nil
        case "rename", "renameat", "renameat2":
            guard arguments.contains(folder) || arguments.contains("\"tl-") else { return nil }
            // The destination decides: the last quoted name.
            let quoted = arguments.split(separator: "\"")
            let destination = quoted.count >= 4 ? String(quoted[3]) : ""
            return destination.hasSuffix(".jpg.json") ? "rename sidecar" : destination.hasSuffix(".jpg") ? "rename still" : nil
        default:
            return nil
        }
    }
}
