import CamschedTestSupport
import Foundation
import Testing

/// The SHA-256 of filed files is swift-crypto's, inside the binary: a run files the hash
/// `sha256sum` computes, and a run whose files nobody records a hash for (no sidecar, catalog or
/// MQTT) hashes nothing — seen by gdb, with a breakpoint on BoringSSL's `SHA256_Init`.
@Suite struct FileHashingTests {
    @Test func aRunFilesTheHashSha256sumComputes() throws {
        let dir = try TemporaryDirectory()
        try dir.write("one.json", """
            {"name": "one", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
             "capture": {"interval": {"every": "1s", "count": 1}},
             "output": {"root": "out", "path": "{seq}"}}
            """)
        let run = try CamschedBinary.run(["run", "one.json", "--no-progress"], currentDirectory: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file("out/000001.jpg.json"))) as? [String: Any]
        let reference = try ProcessRunner.run("/usr/bin/sha256sum", [dir.file("out/000001.jpg").path])
        let hash = try #require(sidecar?["sha256"] as? String)
        #expect(hash.count == 64 && reference.stdout.hasPrefix(hash), "sidecar \(hash), sha256sum \(reference.stdout)")
    }

    /// Nothing records a hash without sidecar, catalog and MQTT: the run does not hash its files
    /// (a recording's segments were once read whole again to be hashed).
    @Test(arguments: [#""interval": {"every": "100ms", "count": 2}"#, #""record": {"duration": "2s", "segment": "1s"}"#])
    func aRunThatRecordsNoHashHashesNothing(capture: String) throws {
        let dir = try TemporaryDirectory()
        try dir.write("hash.gdb", """
            set pagination off
            set print thread-events off
            set breakpoint pending on
            break CCryptoBoringSSL_SHA256_Init
            commands
            silent
            printf "camsched-test: SHA-256 begun\\n"
            continue
            end
            run
            """)
        for (name, output) in [("plain", #", "sidecar": false, "catalog": false"#), ("described", "")] {
            try dir.write("\(name).json", """
                {"name": "\(name)", "camera": {"device": "test:?size=320x180&fps=15&pace=fast", "warmup": "0s"},
                 "capture": {\(capture)}, "output": {"root": "\(name)", "path": "{seq}"\(output)}}
                """)
            // gdb waits for its inferior with SIGCHLD: ProcessRunner starts it with no signal blocked.
            let gdb = try ProcessRunner.run("/usr/bin/gdb", ["-q", "-batch", "-x", "hash.gdb", "--args",
                                                             CamschedBinary.path, "run", "\(name).json", "--no-progress"],
                                            currentDirectory: dir.url, timeout: 300)
            let output = gdb.stdout + gdb.stderr
            #expect(output.contains("exited normally"), "\(name): \(output.suffix(2000))")
            #expect(!output.contains("Function \"CCryptoBoringSSL_SHA256_Init\" not defined"), "no symbol to break on: \(output.prefix(500))")
            let hashed = output.contains("camsched-test: SHA-256 begun")
            #expect(hashed == (name == "described"), "\(name): SHA-256 \(hashed ? "" : "not ")begun")
            let filed = dir.files().filter { $0.hasPrefix("\(name)/") && ($0.hasSuffix(".jpg") || $0.hasSuffix(".mp4")) }
            #expect(filed.count == 2, "\(filed)")
            for file in filed { #expect(try MediaProbe.probe(dir.file(file)).width == 320) }
        }
    }
}
