import ArgumentParser
import CamschedScheduler
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `camsched trigger JOB_NAME`: an external event for a running `trigger` job, through its
/// local socket or, with `--daemon URL`, the status server's `POST /api/jobs/NAME/trigger`.
struct TriggerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trigger",
        abstract: "Send an external event to a running trigger job (it opens or extends a clip).",
        discussion: """
            The job must be a trigger job with "external": true, running on this machine (camsched run or \
            daemon): camsched trigger reaches it through its socket in $XDG_RUNTIME_DIR/camsched (else \
            /run/camsched-UID). With --daemon URL it posts to URL/api/jobs/JOB_NAME/trigger instead (plain \
            http; the token of --token-file as a bearer token). SIGUSR1 to camsched run does the same. \
            Exit codes: 0 accepted; 1 not running, not a trigger job, or refused; 2 invalid input.
            """)

    @Argument(help: "The job's name (its \"name\", not its file).")
    var jobName: String

    @Option(help: "The status server of a camsched daemon or run, e.g. http://127.0.0.1:8080.")
    var daemon: String?

    @Option(help: "A file holding the bearer token of the status server (with --daemon).")
    var tokenFile: String?

    func validate() throws {
        let safe = !jobName.isEmpty && jobName.count <= 100 && !jobName.hasPrefix(".")
            && jobName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        guard safe else { throw ValidationError("\"\(jobName)\" is not a job name: up to 100 letters, digits, \"-\", \"_\" and \".\"") }
        if tokenFile != nil, daemon == nil { throw ValidationError("--token-file goes with --daemon URL") }
    }

    func run() throws {
        let answer: String
        if let daemon {
            let token = try tokenFile.map(TriggerHTTP.readToken)
            answer = try TriggerHTTP.post(base: daemon, job: jobName, token: token)
        } else {
            answer = try Self.throughSocket(job: jobName)
        }
        Terminal.out(answer)
    }

    static func throughSocket(job: String) throws -> String {
        guard let path = TriggerSocketPath.socket(job: job, create: false) else {
            throw CLIFailure("no trigger job \"\(job)\" is running for this user (no socket); start it with camsched run, or use --daemon URL",
                             code: .runtimeFailure)
        }
        guard let fd = SocketAddress.connect(path) else {
            throw CLIFailure("trigger job \"\(job)\" is not running (\(path): \(String(cString: strerror(errno))))", code: .runtimeFailure)
        }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = "trigger\n".withCString { write(fd, $0, strlen($0)) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        let reply = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        switch TriggerAcceptance(rawValue: reply) {
        case .accepted?: return "accepted: \(job) starts (or extends) an event"
        case .externalOff?:
            throw CLIFailure("\(job) does not take external triggers; set \"external\": true in its trigger", code: .runtimeFailure)
        default:
            throw CLIFailure("\(job) did not accept the trigger (\(reply.isEmpty ? "no answer" : reply))", code: .runtimeFailure)
        }
    }
}
