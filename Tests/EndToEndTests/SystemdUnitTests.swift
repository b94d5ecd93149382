import CamschedTestSupport
import Foundation
import Testing

/// The shipped systemd units (dist/systemd) against camsched's exit codes: a clean stop by a
/// signal is success for systemd, so `systemctl stop` is never logged as a failure.
@Suite struct SystemdUnitTests {
    static let units = CamschedBinary.repository.appendingPathComponent("dist/systemd")

    /// The exit codes a unit's `SuccessExitStatus=` lines name.
    static func successCodes(_ unit: String) throws -> Set<Int> {
        let text = try String(contentsOf: units.appendingPathComponent(unit), encoding: .utf8)
        let values = text.split(separator: "\n").filter { $0.hasPrefix("SuccessExitStatus=") }
            .flatMap { $0.dropFirst("SuccessExitStatus=".count).split(separator: " ") }
        return Set(values.compactMap { Int($0) })
    }

    @Test func cleanStopsBySignalAreSuccess() throws {
        // daemon: SIGTERM 143, SIGINT 130 (SIGHUP reloads, it never ends the daemon).
        #expect(try Self.successCodes("camsched.service").isSuperset(of: [143, 130]))
        // run: SIGTERM 143, SIGINT 130, SIGHUP 129 — each after finalising every open file.
        #expect(try Self.successCodes("camsched-run@.service").isSuperset(of: [143, 130, 129]))
        // Nothing that means a failure (1, 2, 3, 75) is declared a success.
        for unit in ["camsched.service", "camsched-run@.service"] {
            #expect(try Self.successCodes(unit).isDisjoint(with: [1, 2, 3, 75]), "\(unit)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")))
    func systemdAnalyzeVerifyAcceptsTheUnits() throws {
        let dir = try TemporaryDirectory()
        for (unit, copy) in [("camsched.service", "camsched.service"), ("camsched-run@.service", "camsched-run@garden.service"),
                             ("camsched-run@.timer", "camsched-run@garden.timer")] {
            let text = try String(contentsOf: Self.units.appendingPathComponent(unit), encoding: .utf8)
            try dir.write(copy, text.replacingOccurrences(of: "@BINDIR@/camsched", with: CamschedBinary.path))
        }
        let result = try ProcessRunner.run("/usr/bin/systemd-analyze",
                                           ["verify", "--man=no", "./camsched.service", "./camsched-run@garden.service",
                                            "./camsched-run@garden.timer"],
                                           environment: ["SYSTEMD_LOG_LEVEL": "notice"], currentDirectory: dir.url, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty && result.stdout.isEmpty, "\(result.stdout)\(result.stderr)")
    }
}
