import CamschedStatus
import Foundation
import Testing

@Suite struct ListenAndTokenTests {
    @Test func listenAddressesParseAndKnowLoopback() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:8080") == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(try ListenAddress(parsing: "[::1]:0") == ListenAddress(host: "::1", port: 0))
        #expect(try ListenAddress(parsing: "[::1]:9").isLoopback)
        #expect(try ListenAddress(parsing: "localhost:1").isLoopback)
        #expect(try ListenAddress(parsing: "127.1.2.3:1").isLoopback)
        #expect(try !ListenAddress(parsing: "0.0.0.0:80").isLoopback)
        #expect(try !ListenAddress(parsing: "192.168.1.5:80").isLoopback)
        #expect(try !ListenAddress(parsing: "127.example.com:80").isLoopback)
        #expect(try !ListenAddress(parsing: "[::]:80").isLoopback)
        for bad in ["8080", ":8080", "host:", "host:65536", "host:-1", "::1:80", "[::1]80", "a b:80", "h:8o"] {
            #expect(throws: StatusServerError.self, "\(bad)") { try ListenAddress(parsing: bad) }
        }
    }

    @Test func tokensCompareWholeAndOnlyAsBearer() {
        let token = BearerToken("abc123")
        #expect(token.accepts(authorization: "Bearer abc123"))
        #expect(token.accepts(authorization: "bearer abc123"))
        #expect(!token.accepts(authorization: "Bearer abc12"))
        #expect(!token.accepts(authorization: "Bearer abc1234"))
        #expect(!token.accepts(authorization: "Bearer abc124"))
        #expect(!token.accepts(authorization: "Basic abc123"))
        #expect(!token.accepts(authorization: nil))
        #expect(!token.accepts(authorization: "Bearer "))
    }

    @Test func tokenFilesMustBePrivateAndNotEmpty() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String, mode: mode_t) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            chmod(path, mode)
            return path
        }
        let good = try write("good", "  s3cret-token\n", mode: 0o600)
        #expect(try BearerToken.load(path: good).accepts(authorization: "Bearer s3cret-token"))
        #expect(throws: StatusServerError.tokenFile(path: try write("group", "x", mode: 0o640),
                                                    reason: "its mode 640 lets other users read the token; run `chmod 600 \(folder.path)/group`")) {
            try BearerToken.load(path: folder.appendingPathComponent("group").path)
        }
        #expect(throws: StatusServerError.self) { try BearerToken.load(path: try write("world", "x", mode: 0o604)) }
        #expect(throws: StatusServerError.self) { try BearerToken.load(path: try write("empty", " \n", mode: 0o600)) }
        #expect(throws: StatusServerError.self) { try BearerToken.load(path: try write("two", "a b", mode: 0o600)) }
        #expect(throws: StatusServerError.self) { try BearerToken.load(path: folder.appendingPathComponent("missing").path) }
        #expect(throws: StatusServerError.self) { try BearerToken.load(path: folder.path) }
    }
}
