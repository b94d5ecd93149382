import CamschedTestSupport
import Foundation
import Testing
@testable import CamschedFiling

@Suite struct SHA256DigestTests {
    @Test func knownVectors() throws {
        #expect(try SHA256Digest.of([]).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(try SHA256Digest.of(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// The built-in SHA-256 (what hashes a still) against Python's hashlib, for every length
    /// from 0 to 300 bytes (padding into one block or two, every block boundary) and a few
    /// larger ones, and the FIPS 180-2 vectors.
    @Test func theBuiltInCodeMatchesHashlibAtEveryLength() throws {
        let lengths = Array(0...300) + [1_000, 65_536, 262_143, 262_144, 262_145, 1_000_003]
        let input = { (length: Int) in (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 8) } }
        let script = """
            import hashlib
            for n in [\(lengths.map(String.init).joined(separator: ","))]:
                print(hashlib.sha256(bytes(((i * 131) + (i >> 8)) & 0xff for i in range(n))).hexdigest())
            """
        let python = try ProcessRunner.run("/usr/bin/python3", ["-c", script])
        let expected = python.stdout.split(separator: "\n").map(String.init)
        #expect(expected.count == lengths.count, "\(python.stderr)")
        for (length, hex) in zip(lengths, expected) {
            #expect(SHA256Digest.builtIn(input(length)).hex == hex, "\(length) bytes")
        }
        #expect(SHA256Digest.builtIn(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hex
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256Digest.builtIn([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // A hash that passes the limit goes on in libcrypto from the built-in code's context.
        #expect(try SHA256Digest.of([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func fileDigestMatchesSha256sum() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Larger than one 64 KiB chunk and not a multiple of it.
        var bytes = [UInt8](repeating: 0, count: 200_003)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        let file = folder.url.appendingPathComponent("blob.bin")
        try Data(bytes).write(to: file)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = String(output.prefix(64))

        #expect(try SHA256Digest.ofFile(atPath: file.path).hex == expected)
        #expect(try SHA256Digest.of(bytes).hex == expected)
    }

    @Test func missingFileIsATypedError() {
        #expect(throws: FilingError.systemCall(name: "open", path: "/nonexistent/x", errno: ENOENT)) {
            try SHA256Digest.ofFile(atPath: "/nonexistent/x")
        }
    }
}
