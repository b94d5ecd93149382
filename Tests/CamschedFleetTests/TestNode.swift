import CamschedTestSupport
import Foundation
import Testing

/// A node of a test fleet: an output root with an interval job whose catalog is a server's URL.
struct TestNode {
    let folder: TemporaryDirectory
    let name: String
    let url: String
    /// The test camera on its own virtual clock (`pace=fast`): every shot is taken however
    /// loaded the machine is (a real-time shot more than one period late is skipped).
    let fast: Bool

    init(_ name: String, url: String, every: String = "100ms", count: Int = 3, fast: Bool = false) throws {
        folder = try TemporaryDirectory("camsched-fleet-\(name)")
        self.name = name
        self.url = url
        self.fast = fast
        try writeJob(every: every, count: count)
    }

    var job: String { folder.file("job.json").path }
    var root: String { folder.file("out").path }
    var environment: [String: String] { ["CAMSCHED_NODE": name] }

    /// A test camera of this node's own (its card names the node's folder): nodes of tests
    /// running side by side never wait for each other's camera lock, which made real-time shots
    /// late enough to be skipped (CI once filed 2 of 3 stills on each node).
    var device: String {
        "test:?size=320x180&fps=30&card=fleet-\(folder.url.lastPathComponent)" + (fast ? "&pace=fast" : "")
    }

    func writeJob(every: String, count: Int) throws {
        try folder.write("job.json", """
            {
              "name": "bench\(name)",
              "camera": { "device": "\(device)", "warmup": "0s" },
              "capture": { "interval": { "every": "\(every)", "count": \(count) } },
              "still": { "format": "jpeg", "quality": 80 },
              "output": { "root": "out", "path": "{job}/{run}-{seq}", "catalog": "\(url)" }
            }
            """)
    }

    /// The stills filed under the output root so far (finished files: partials end otherwise).
    func stillsFiled() -> Int {
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".jpg") }.count
    }

    /// `camsched run` of the job; `extra` adds to the environment.
    func run(_ extra: [String: String] = [:]) throws -> ProcessResult {
        try CamschedBinary.run(["run", job, "--no-progress"], environment: environment.merging(extra) { $1 }, timeout: 120)
    }

    /// `camsched catalog sync --root`.
    func sync(_ extra: [String: String] = [:]) throws -> ProcessResult {
        try CamschedBinary.run(["catalog", "sync", "--root", root], environment: environment.merging(extra) { $1 }, timeout: 120)
    }

    /// The local catalog's files, as `catalog list --json` prints them.
    func localFiles() throws -> [[String: Any]] {
        try TestNode.jsonLines(CamschedBinary.run(["catalog", "list", "--root", root, "--json"]))
    }

    static func jsonLines(_ result: ProcessResult) throws -> [[String: Any]] {
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// `catalog list --catalog URL --json` with extra arguments.
    static func fleetFiles(_ url: String, _ arguments: [String] = []) throws -> [[String: Any]] {
        try jsonLines(CamschedBinary.run(["catalog", "list", "--catalog", url, "--json"] + arguments))
    }
}

extension PostgresServer {
    /// `SELECT count(*) FROM camsched_files` (optionally of one node).
    func fileCount(node: String? = nil) throws -> Int {
        Int(try psql("SELECT count(*) FROM camsched_files" + (node.map { " WHERE node = '\($0)'" } ?? ""))) ?? -1
    }
}
