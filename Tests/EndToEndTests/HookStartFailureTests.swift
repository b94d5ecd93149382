import CamschedTestSupport
import Foundation
import Testing

/// A hook that cannot start is one clear sentence — which hook of which job, which command,
/// why — and never stops the run (issue 26: the message showed `arguments(["/nonexistent/upload"])`).
@Suite struct HookStartFailureTests {
    @Test func missingAndNonExecutableHooksAreNamedWithTheReason() throws {
        let dir = try TemporaryDirectory()
        try dir.write("not-executable.sh", "#!/bin/sh\nexit 0\n")  // mode 644: not executable
        let hooks = #", "hooks": {"onFile": ["/nonexistent/upload", "--fast"], "onRunEnd": ["./not-executable.sh", "it's"]}"#
        let job = try dir.write("tl.json", JobFixtures.interval(every: "100ms", count: 1, extra: hooks))
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], currentDirectory: dir.url)
        #expect(result.status == 0, "a hook never fails the run: \(result.stderr)")
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 1)
        #expect(result.stderr.contains(
            "camsched: error: hook onFile of job tl: cannot start /nonexistent/upload --fast: not found; check the path (No such file or directory, ENOENT)"),
            "\(result.stderr)")
        #expect(result.stderr.contains(
            #"hook onRunEnd of job tl: cannot start ./not-executable.sh 'it'\''s': not executable"#)
            && result.stderr.contains("(Permission denied, EACCES)"), "\(result.stderr)")
        #expect(!result.stderr.contains("arguments(["), "no Swift description of the command")
    }
}
