import Foundation
import Testing
@testable import CamschedJobs

/// Under systemd's `StateDirectory=` a job in the read-only `/etc/camsched/jobs` files under
/// `$STATE_DIRECTORY` (SPEC section 7); everything else keeps resolving against the job's folder.
@Suite("STATE_DIRECTORY")
struct StateDirectoryTests {
    let source = URL(fileURLWithPath: "/etc/camsched/jobs/garden.json")
    let service = ["STATE_DIRECTORY": "/var/lib/camsched"]

    func load(_ json: String, _ environment: [String: String]) throws(JobFileError) -> Job {
        try JobLoader.load(data: Data(json.utf8), sourceURL: source, environment: environment)
    }

    @Test func relativeRootResolvesAgainstTheStateDirectory() throws {
        let job = try load(#"{"name": "g", "capture": {"burst": {"count": 1}}, "output": {"root": "captures"}}"#, service)
        #expect(job.output.root.path == "/var/lib/camsched/captures")
    }

    @Test func theDefaultRootToo() throws {
        let job = try load(#"{"name": "g", "capture": {"burst": {"count": 1}}}"#, service)
        #expect(job.output.root.path == "/var/lib/camsched/captures")
    }

    @Test func absoluteRootAndOtherPathsAreUntouched() throws {
        let job = try load(#"""
            {"name": "g", "capture": {"burst": {"count": 1}}, "output": {"root": "/srv/cam"}, "pressureFrom": "level"}
            """#, service)
        #expect(job.output.root.path == "/srv/cam")
        #expect(job.pressureFrom?.path == "/etc/camsched/jobs/level")
    }

    @Test func withoutItTheJobFolder() throws {
        let job = try load(#"{"name": "g", "capture": {"burst": {"count": 1}}}"#, [:])
        #expect(job.output.root.path == "/etc/camsched/jobs/captures")
    }

    @Test func severalStateDirectoriesTakeTheFirstAndRelativeOnesAreIgnored() {
        #expect(JobLoader.stateDirectory(in: ["STATE_DIRECTORY": "/var/lib/a:/var/lib/b"])?.path == "/var/lib/a")
        #expect(JobLoader.stateDirectory(in: ["STATE_DIRECTORY": "relative"]) == nil)
        #expect(JobLoader.stateDirectory(in: ["STATE_DIRECTORY": ""]) == nil)
        #expect(JobLoader.stateDirectory(in: [:]) == nil)
    }

    @Test func aFileOnDiskToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("j.json")
        try Data(#"{"name": "g", "capture": {"burst": {"count": 1}}, "output": {"root": "out"}}"#.utf8).write(to: file)
        let job = try JobLoader.load(contentsOf: file, environment: ["STATE_DIRECTORY": "/var/lib/camsched"])
        #expect(job.output.root.path == "/var/lib/camsched/out")
    }
}
