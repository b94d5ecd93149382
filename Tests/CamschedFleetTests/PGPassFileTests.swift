@testable import CamschedFleet
import CamschedTestSupport
import Foundation
import Testing

@Suite("Password lookup (PGPASSWORD, ~/.pgpass)")
struct PGPassFileTests {
    @Test func firstMatchingLineWithWildcardsAndEscapes() throws {
        let home = try TemporaryDirectory("camsched-pgpass")
        let file = try home.write(".pgpass", """
            # comment
            other:5432:*:cam:wrong
            db.example:5432:fleet:cam:pa\\:ss\\\\word
            *:*:*:cam:fallback
            """)
        chmod(file.path, 0o600)
        let env: [String: String] = [:], path = home.url.path
        #expect(PGPassFile.password(host: "db.example", port: 5432, database: "fleet", user: "cam", environment: env, home: path).password == "pa:ss\\word")
        #expect(PGPassFile.password(host: "db2", port: 6000, database: "x", user: "cam", environment: env, home: path).password == "fallback")
        #expect(PGPassFile.password(host: "db2", port: 6000, database: "x", user: "bob", environment: env, home: path).password == nil)
        #expect(PGPassFile.password(host: "db2", port: 1, database: "x", user: "cam", environment: ["PGPASSWORD": "env"], home: path).password == "env")
        chmod(file.path, 0o644)
        let open = PGPassFile.password(host: "db2", port: 6000, database: "x", user: "cam", environment: env, home: path)
        #expect(open.password == nil && open.ignoredBecause?.contains("chmod 600") == true)
    }

    @Test func nodeNameFromTheEnvironment() throws {
        #expect(try FleetNode.current(environment: ["CAMSCHED_NODE": "bench-3"]) == "bench-3")
        #expect(try FleetNode.current(environment: [:]) == ProcessInfo.processInfo.hostName)
        #expect(throws: FleetError.self) { try FleetNode.current(environment: ["CAMSCHED_NODE": ""]) }
        #expect(throws: FleetError.self) { try FleetNode.current(environment: ["CAMSCHED_NODE": "a\nb"]) }
    }
}
