import CamschedTestSupport
import Foundation
import Testing

/// libcrypto (SHA-256 of filed files) is opened on the first hash, not at start: a snapshot,
/// which reports no hash, never loads it; a run does and files the right hash; a run that
/// cannot load it says which package to install and files nothing.
@Suite struct CryptoLoadingTests {
    static let job = """
        {"name": "one", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}},
         "output": {"root": "out", "path": "{seq}"}}
        """

    @Test func aSnapshotDoesNotLoadLibcryptoAndARunDoes() throws {
        let dir = try TemporaryDirectory()
        let still = try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "-o", dir.file("s.jpg").path],
                                           environment: ["LD_DEBUG": "files"])
        #expect(still.status == 0, "\(still.stderr)")
        #expect(!still.stderr.contains("libcrypto"), "the snapshot opened libcrypto")
        #expect(try MediaProbe.probe(dir.file("s.jpg")).width == 320)
        try dir.write("one.json", Self.job)
        let run = try CamschedBinary.run(["run", "one.json", "--no-progress"], environment: ["LD_DEBUG": "files"],
                                         currentDirectory: dir.url)
        #expect(run.status == 0)
        #expect(run.stderr.contains("file=libcrypto.so.3"), "the run opened libcrypto to hash its still")
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file("out/000001.jpg.json"))) as? [String: Any]
        let reference = try ProcessRunner.run("/usr/bin/sha256sum", [dir.file("out/000001.jpg").path])
        let hash = try #require(sidecar?["sha256"] as? String)
        #expect(hash.count == 64 && reference.stdout.hasPrefix(hash), "sidecar \(hash), sha256sum \(reference.stdout)")
    }

    @Test func aRunWithoutLibcryptoFailsNamingThePackage() throws {
        let dir = try TemporaryDirectory()
        try dir.write("one.json", Self.job)
        let run = try CamschedBinary.run(["run", "one.json", "--no-progress"], environment: ["CAMSCHED_TEST_CRYPTO_MISSING": "1"],
                                         currentDirectory: dir.url)
        #expect(run.status != 0, "\(run.stderr)")
        #expect(run.stderr.contains("libcrypto.so.3") && run.stderr.contains("sudo apt-get install libssl3"), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("out/000001.jpg").path), "nothing filed without its hash")
    }
}
