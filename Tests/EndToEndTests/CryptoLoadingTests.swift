import CamschedTestSupport
import Foundation
import Testing

/// libcrypto (SHA-256 of filed files) is opened only for a hash past 256 KiB, not at start: a
/// snapshot, which reports no hash, never loads it; a cron run's still is hashed by the
/// built-in SHA-256 (the right hash, no libcrypto); a hash that passes the limit goes on in
/// libcrypto from where the built-in code stopped; without libcrypto the built-in code hashes
/// everything.
@Suite struct CryptoLoadingTests {
    static let job = """
        {"name": "one", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}},
         "output": {"root": "out", "path": "{seq}"}}
        """

    @Test func aSnapshotDoesNotLoadLibcryptoNorDoesARunOfOneStill() throws {
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
        #expect(!run.stderr.contains("libcrypto"), "the run opened libcrypto for a still of a few KiB")
        try Self.expectHashMatches(dir, "out/000001.jpg")
    }

    /// The sidecar's hash of `file` is sha256sum's.
    static func expectHashMatches(_ dir: TemporaryDirectory, _ file: String) throws {
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file(file + ".json"))) as? [String: Any]
        let reference = try ProcessRunner.run("/usr/bin/sha256sum", [dir.file(file).path])
        let hash = try #require(sidecar?["sha256"] as? String)
        #expect(hash.count == 64 && reference.stdout.hasPrefix(hash), "\(file): sidecar \(hash), sha256sum \(reference.stdout)")
    }

    /// With the limit moved below the still's size, libcrypto is opened half-way through its
    /// hash and finishes it from the built-in code's context: the hash is still sha256sum's.
    /// At 0 it hashes from the first byte; 1 and 100 end mid-block, 64 on a block's end.
    @Test(arguments: ["0", "1", "64", "100", "1000"])
    func libcryptoTakesOverAHashMidWay(limit: String) throws {
        let dir = try TemporaryDirectory()
        try dir.write("one.json", Self.job)
        let run = try CamschedBinary.run(["run", "one.json", "--no-progress"],
                                         environment: ["LD_DEBUG": "files", "CAMSCHED_TEST_SHA256_BUILTIN_LIMIT": limit],
                                         currentDirectory: dir.url)
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        #expect(run.stderr.contains("file=libcrypto.so.3"), "libcrypto took over past \(limit) bytes")
        try Self.expectHashMatches(dir, "out/000001.jpg")
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
            // Limit 0: every hash goes to libcrypto, so that the lookup shows whether anything was hashed.
            let run = try CamschedBinary.run(["run", "\(name).json", "--no-progress"],
                                             environment: ["LD_DEBUG": "bindings", "CAMSCHED_TEST_SHA256_BUILTIN_LIMIT": "0"],
                                             currentDirectory: dir.url)
            #expect(run.status == 0, "\(run.stderr.suffix(2000))")
            let hashed = run.stderr.split(separator: "\n").contains { $0.hasSuffix("normal symbol `SHA256_Init'") }
            #expect(hashed == (name == "described"), "\(name): SHA-256 \(hashed ? "" : "not ")looked up")
            let filed = dir.files().filter { $0.hasPrefix("\(name)/") && ($0.hasSuffix(".jpg") || $0.hasSuffix(".mp4")) }
            #expect(filed.count == 2, "\(filed)")
            for file in filed { #expect(try MediaProbe.probe(dir.file(file)).width == 320) }
        }
    }

    /// libcrypto missing (and asked for from the first byte): the built-in code hashes on.
    @Test func withoutLibcryptoTheBuiltInCodeHashesEverything() throws {
        let dir = try TemporaryDirectory()
        try dir.write("one.json", Self.job)
        let run = try CamschedBinary.run(["run", "one.json", "--no-progress"],
                                         environment: ["CAMSCHED_TEST_CRYPTO_MISSING": "1", "CAMSCHED_TEST_SHA256_BUILTIN_LIMIT": "0"],
                                         currentDirectory: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        try Self.expectHashMatches(dir, "out/000001.jpg")
    }
}
