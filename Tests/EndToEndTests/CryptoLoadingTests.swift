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

    /// Nothing records a hash without sidecar, catalog and MQTT: the run does not hash its files
    /// (a recording's segments were read whole again to be hashed). Seen in the dynamic linker's
    /// log: camsched looks up `SHA256_Init` with dlsym on the first hash (an unversioned binding;
    /// libavformat's own dependencies load libcrypto for a recording either way).
    @Test(arguments: [#""interval": {"every": "100ms", "count": 2}"#, #""record": {"duration": "2s", "segment": "1s"}"#])
    func aRunThatRecordsNoHashHashesNothing(capture: String) throws {
        let dir = try TemporaryDirectory()
        for (name, output) in [("plain", #", "sidecar": false, "catalog": false"#), ("described", "")] {
            try dir.write("\(name).json", """
                {"name": "\(name)", "camera": {"device": "test:?size=320x180&fps=15&pace=fast", "warmup": "0s"},
                 "capture": {\(capture)}, "output": {"root": "\(name)", "path": "{seq}"\(output)}}
                """)
            let run = try CamschedBinary.run(["run", "\(name).json", "--no-progress"], environment: ["LD_DEBUG": "bindings"],
                                             currentDirectory: dir.url)
            #expect(run.status == 0, "\(run.stderr.suffix(2000))")
            let hashed = run.stderr.split(separator: "\n").contains { $0.hasSuffix("normal symbol `SHA256_Init'") }
            #expect(hashed == (name == "described"), "\(name): SHA-256 \(hashed ? "" : "not ")looked up")
            let filed = dir.files().filter { $0.hasPrefix("\(name)/") && ($0.hasSuffix(".jpg") || $0.hasSuffix(".mp4")) }
            #expect(filed.count == 2, "\(filed)")
            for file in filed { #expect(try MediaProbe.probe(dir.file(file)).width == 320) }
        }
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
