import CamschedJobs
import Foundation
import Testing

@Suite("Fleet catalog URL")
struct FleetCatalogURLTests {
    @Test func readsLibpqURLForms() throws {
        let full = try FleetCatalogURL(parsing: "postgres://camsched@db.example:6543/fleet?sslmode=require&connect_timeout=9")
        #expect(full.user == "camsched" && full.host == "db.example" && full.port == 6543 && full.database == "fleet")
        #expect(full.tls == .require && full.connectTimeout == 9)
        #expect(full.description == "postgres://camsched@db.example:6543/fleet?sslmode=require&connect_timeout=9")
        let short = try FleetCatalogURL(parsing: "postgresql://db.example", defaultUser: "pi")
        #expect(short.user == "pi" && short.database == "pi" && short.port == 5432 && short.tls == .prefer)
        let v6 = try FleetCatalogURL(parsing: "postgres://u@[::1]:5433/d")
        #expect(v6.host == "::1" && v6.description == "postgres://u@[::1]:5433/d")
    }

    @Test(arguments: [
        ("postgres://u:secret@h/d", "holds a password; remove it and put it in PGPASSWORD or ~/.pgpass"),
        ("mysql://u@h/d", "has scheme \"mysql\""),
        ("postgres://u@h/d?sslmode=always", "has sslmode=always; use one of: disable, allow, prefer, require, verify-ca, verify-full"),
        ("postgres://u@h/d?options=-c", "has the unknown option \"options\""),
        ("postgres://u@h:0/d", "has port 0"),
        ("postgres:///d", "names no host"),
        ("postgres://u@h/d e", "contains a space"),
    ])
    func refusesWithReason(text: String, reason: String) {
        #expect(throws: FleetCatalogURLError.self) { try FleetCatalogURL(parsing: text) }
        do { _ = try FleetCatalogURL(parsing: text) } catch { #expect(error.description.contains(reason), "\(error)") }
    }

    @Test func jobFileTakesBoolOrURLAndTheEnvironmentFillsIn() throws {
        func load(_ catalog: String, _ environment: [String: String] = [:]) throws -> Job {
            try JobLoader.load(data: Data("""
                {"name": "j", "camera": {"device": "test:"}, "capture": {"interval": {"every": "1s", "count": 1}},
                 "output": {"root": "/tmp/x", "catalog": \(catalog)}}
                """.utf8), sourceURL: nil, environment: environment)
        }
        #expect(try load("true").output.fleet == nil)
        let job = try load("\"postgres://cam@db/fleet\"")
        #expect(job.output.catalog && job.output.fleet?.host == "db")
        #expect(try load("true", ["CAMSCHED_CATALOG_URL": "postgres://x@envhost/f"]).output.fleet?.host == "envhost")
        #expect(try load("false", ["CAMSCHED_CATALOG_URL": "postgres://x@envhost/f"]).output.fleet == nil)
        #expect(try load("\"postgres://cam@db/fleet\"", ["CAMSCHED_CATALOG_URL": "postgres://x@envhost/f"]).output.fleet?.host == "db")
        do {
            _ = try load("\"postgres://cam:pw@db/fleet\"")
            Issue.record("a password in the URL was accepted")
        } catch {
            #expect("\(error)".contains("output.catalog") && "\(error)".contains("PGPASSWORD"), "\(error)")
        }
        do {
            _ = try load("\"yes\"")
            Issue.record("\"yes\" was accepted")
        } catch {
            #expect("\(error)".contains("expected true, false or a PostgreSQL URL"), "\(error)")
        }
        #expect(throws: JobFileError.self) { try load("true", ["CAMSCHED_CATALOG_URL": "http://x"]) }
    }
}
