import Foundation
import Testing
@testable import CamschedFiling

@Suite struct SHA256DigestTests {
    @Test func knownVectors() throws {
        #expect(SHA256Digest.of([]).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.of(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
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
        #expect(SHA256Digest.of(bytes).hex == expected)
    }

    @Test func missingFileIsATypedError() {
        #expect(throws: FilingError.systemCall(name: "open", path: "/nonexistent/x", errno: ENOENT)) {
            try SHA256Digest.ofFile(atPath: "/nonexistent/x")
        }
    }
}
