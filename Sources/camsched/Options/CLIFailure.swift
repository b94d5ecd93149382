import ArgumentParser
import CamschedCapture
import CamschedScheduler
import Foundation

/// Ends a command with one clear sentence on stderr and an exit code from SPEC section 2.
struct CLIFailure: Error, CustomStringConvertible {
    var message: String
    var code: RunExitCode

    init(_ message: String, code: RunExitCode) {
        self.message = message
        self.code = code
    }

    /// The exit code and sentence for a camera error.
    init(camera error: CameraError) {
        message = error.description
        code = error.isUnavailable ? .cameraUnavailable : .runtimeFailure
    }

    var description: String { message }
}

extension AsyncParsableCommand {
    /// Prints `failure` as `camsched: MESSAGE` and exits with its code.
    func exit(with failure: CLIFailure) -> Never { Self.exit(with: failure) }

    /// The same, for a command's static steps.
    static func exit(with failure: CLIFailure) -> Never {
        Terminal.error(failure.message)
        Foundation.exit(failure.code.rawValue)
    }
}

/// Messages for people, on stderr, shaped like log lines (a time off a terminal, a priority
/// under journald).
enum Terminal {
    static func error(_ text: String) { LogOutput.shared.say(text, level: .error) }
    static func note(_ text: String) { LogOutput.shared.say(text, level: .notice, program: false) }
    static func out(_ text: String) { StandardStream.output.write(text + "\n") }

    /// For a command whose only product is stdout (`plan`, `validate`, `devices`): its output
    /// waits for a slow reader instead of being dropped (see ``StandardStream/waitForReader()``).
    static func outputIsTheProduct() { StandardStream.output.waitForReader() }

    /// The failure such a command ends with when some of its output was lost (exit 1, like
    /// coreutils); nil when all of it was written or the reader stopped reading (`| head -n 1`).
    static func lostOutput() -> CLIFailure? {
        StandardStream.output.lostOutput.map { CLIFailure("cannot write standard output: \($0)", code: .runtimeFailure) }
    }
}
