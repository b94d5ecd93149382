import CamschedCore
import Glibc

/// The one sentence logged when a hook cannot be started: which hook of which job, which
/// command, and why — in words, with the system's text and errno name — instead of Swift's
/// description of the argument list.
enum HookStartFailure {
    /// `hook onFile of job tl: cannot start /nonexistent/upload: not found; check the path (No
    /// such file or directory, ENOENT)`.
    static func message(event: HookEvent, job: String, command: HookCommand, errno code: Int32) -> String {
        let program = command.argv.first ?? ""
        let system = String(cString: strerror(code)) + (name(of: code).map { ", \($0)" } ?? "")
        return "hook \(event.key) of job \(job): cannot start \(command): \(reason(code, program: program)) (\(system))"
    }

    /// What the error means for a program about to be started (a bare name is looked up on
    /// PATH), and what to do.
    static func reason(_ code: Int32, program: String) -> String {
        switch code {
        case ENOENT:
            return program.contains("/")
                ? "not found; check the path"
                : "not found on PATH; give the program's full path"
        case EACCES, EPERM:
            return "not executable, or a folder on its path cannot be searched; check the permissions (chmod +x)"
        case ENOEXEC:
            return "not a program this system can run; a script needs a #! line"
        case ENOTDIR:
            return "a part of its path is not a folder"
        case E2BIG:
            return "its arguments and environment are too long"
        case EAGAIN, ENOMEM:
            return "the system has no room for another process now"
        default:
            return "the system refused to start it"
        }
    }

    /// The errno's symbolic name for the codes a spawn returns.
    static func name(of code: Int32) -> String? {
        let names: [Int32: String] = [ENOENT: "ENOENT", EACCES: "EACCES", EPERM: "EPERM", ENOEXEC: "ENOEXEC",
                                      ENOTDIR: "ENOTDIR", E2BIG: "E2BIG", EAGAIN: "EAGAIN", ENOMEM: "ENOMEM",
                                      ELOOP: "ELOOP", ENAMETOOLONG: "ENAMETOOLONG", ETXTBSY: "ETXTBSY"]
        return names[code]
    }
}
