import CamschedTestSupport
import Foundation
import Glibc
import Testing

/// `--metrics-file` writes only a regular file (or creates one), never through a link, and
/// replaces nothing else (issue 42): as root, `--metrics-file /dev/null` used to turn /dev/null
/// into a file of metrics. Whatever else is at the path is refused at the start with exit 2 and
/// left exactly as it was — and one swapped in while camsched runs is left alone too.
@Suite struct MetricsFileNodeTests {
    /// What a path holds, as `lstat` and `readlink` see it.
    struct Node: Equatable, CustomStringConvertible {
        var inode: UInt64
        var type: mode_t
        var device: UInt64
        var linkTarget: String?

        init(_ url: URL) throws {
            var status = stat()
            guard lstat(url.path, &status) == 0 else { throw HTTPProbe.Failure(description: "lstat \(url.path): errno \(errno)") }
            inode = UInt64(status.st_ino)
            type = status.st_mode & S_IFMT
            device = UInt64(status.st_rdev)
            linkTarget = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)
        }

        var description: String { "inode \(inode) type \(String(type, radix: 8)) rdev \(device) link \(linkTarget ?? "-")" }
    }

    enum Kind: String, CaseIterable, Sendable {
        case fifo, characterDevice, linkToRegularFile, linkToDeviceNode, folder

        /// Words the refusal must contain.
        var words: String {
            switch self {
            case .fifo: "is a named pipe (FIFO), not a regular file"
            case .characterDevice: "is a character device, not a regular file"
            case .linkToRegularFile, .linkToDeviceNode: "is a symbolic link"
            case .folder: "is a folder"
            }
        }

        /// Makes the node at `url`; a link to a regular file points at `precious`.
        func make(_ url: URL, precious: URL) throws {
            let made: Int32 = switch self {
            case .fifo: mkfifo(url.path, 0o644)
            // major 1, minor 3, as /dev/null (Linux's dev_t: minor in the low byte, major above it).
            case .characterDevice: mknod(url.path, S_IFCHR | 0o666, dev_t((1 << 8) | 3))
            case .linkToRegularFile: symlink(precious.path, url.path)
            case .linkToDeviceNode: symlink("/dev/null", url.path)
            case .folder: mkdir(url.path, 0o755)
            }
            guard made == 0 else { throw HTTPProbe.Failure(description: "making a \(self) at \(url.path): errno \(errno)") }
        }
    }

    static let fastCamera = "test:?size=320x180&fps=30&pace=fast"
    static let preciousText = "not camsched's: must stay as it is\n"

    /// mknod needs root; the other kinds run as any user.
    static var kinds: [Kind] { Kind.allCases.filter { $0 != .characterDevice || getuid() == 0 } }

    @Test(arguments: kinds)
    func aNodeAtThePathIsRefusedAtTheStartAndLeftAlone(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("jobs/tl.json", JobFixtures.interval(device: Self.fastCamera, every: "100ms", count: 2))
        let precious = try dir.write("precious.prom", Self.preciousText)
        try FileManager.default.createDirectory(at: dir.file("prom"), withIntermediateDirectories: true)
        let path = dir.file("prom/camsched.prom")
        try kind.make(path, precious: precious)
        let before = try Node(path)
        // A FIFO nobody writes to would block a reader for ever: the run must not hang on it.
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--metrics-file", path.path], timeout: 30)
        #expect(!result.signalled, "ended by itself, not killed after 30 s: \(result.stderr)")
        #expect(result.status == 2, "\(kind): \(result.stderr)")
        #expect(result.stderr.contains("--metrics-file \(path.path)") && result.stderr.contains(kind.words), "\(kind): \(result.stderr)")
        #expect(try Node(path) == before, "\(kind) untouched: \(before) → \((try? Node(path))?.description ?? "gone")")
        #expect(try String(contentsOf: precious, encoding: .utf8) == Self.preciousText, "nothing written through a link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("prom").path) == ["camsched.prom"], "no temporary file left")
        #expect(!dir.files().contains { $0.hasSuffix(".jpg") }, "nothing captured: \(dir.files())")
    }

    /// The file is written at the start; swapped for a FIFO or a link while the run waits for
    /// its next shot, the write at the stop (SIGINT) must neither follow nor replace it, nor hang.
    @Test(arguments: [Kind.fifo, .linkToRegularFile])
    func aPathSwappedWhileRunningIsNeitherFollowedNorReplaced(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        // The second shot is an hour away: the run waits, cheaply, until it is stopped.
        let job = try dir.write("jobs/tl.json", JobFixtures.interval(device: Self.fastCamera, every: "1h", count: 2))
        let precious = try dir.write("precious.prom", Self.preciousText)
        let path = dir.file("camsched.prom")
        let stderr = dir.file("run.err")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--metrics-file", path.path],
                                              environment: ["CAMSCHED_LOCK_DIR": TemporaryDirectory.freshLockDirectory(), "CAMSCHED_PRESSURE_SOURCES": "file,disk"],
                                              stdout: dir.file("run.out"), stderr: stderr)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The first still is filed after the start's write of the metrics file.
        #expect(Wait.until(seconds: 20) { dir.files().contains { $0.hasSuffix(".jpg") } }, "the first shot")
        #expect(unlink(path.path) == 0)
        try kind.make(path, precious: precious)
        let before = try Node(path)
        kill(process.processIdentifier, SIGINT)
        #expect(Wait.until(seconds: 20) { !process.isRunning }, "stopped without hanging on the \(kind)")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let log = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 130, "\(log)")
        #expect(try Node(path) == before, "\(kind) untouched: \(before) → \((try? Node(path))?.description ?? "gone")")
        #expect(try String(contentsOf: precious, encoding: .utf8) == Self.preciousText, "nothing written through a link")
        #expect(log.contains(kind.words), "a warning says why the file was not written: \(log)")
        #expect(!dir.files().contains { $0.contains(".tmp.") }, "no temporary file left: \(dir.files())")
    }
}
