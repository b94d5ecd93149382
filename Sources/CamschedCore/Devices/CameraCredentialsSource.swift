import Foundation

/// Where a network camera's login comes from (`camera.credentials`, SPEC section 3): a file
/// that only its owner may read, or an environment variable. Never the job file itself, whose
/// text reaches logs, sidecars and the catalog and is often readable by every user.
package enum CameraCredentialsSource: Sendable, Equatable, CustomStringConvertible {
    /// A file holding one line `user:password`, of mode 600 or 400 (``CredentialsFile``).
    case file(String)
    /// An environment variable holding `user:password`.
    case environment(String)

    /// The variable read when the job names no credentials: every network camera of the
    /// process logs in with it.
    package static let defaultVariable = "CAMSCHED_CAMERA_CREDENTIALS"

    /// What a camera opened with `named` logs in with: `named`, else ``defaultVariable`` when
    /// it is set, else nothing (the camera is opened without a login).
    package static func effective(_ named: CameraCredentialsSource?, environment: [String: String]) -> CameraCredentialsSource? {
        if let named { return named }
        return environment[defaultVariable] != nil ? .environment(defaultVariable) : nil
    }

    /// Reads the credentials.
    /// - Throws: ``CameraCredentialsError`` saying what is wrong and how to fix it.
    package func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CameraCredentialsError) -> CameraCredentials {
        switch self {
        case let .file(path):
            return try CameraCredentials(parsing: CredentialsFile.read(path), from: self)
        case let .environment(name):
            guard let value = environment[name] else { throw .variableNotSet(name: name) }
            return try CameraCredentials(parsing: value, from: self)
        }
    }

    /// The variables that may hold a password of a job whose `camera.credentials` is `source`:
    /// ``defaultVariable`` and the one it names. Hooks do not get them.
    package static func withheldVariables(_ source: CameraCredentialsSource?) -> Set<String> {
        if case let .environment(name) = source { return [defaultVariable, name] }
        return [defaultVariable]
    }

    /// Whether `name` can be an environment variable's name (letters, digits, `_`, not a digit first).
    package static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || CharacterSet.alphanumerics.contains($0)) }
    }

    /// "the credentials file PATH" or "the environment variable NAME".
    package var description: String {
        switch self {
        case let .file(path): return "the credentials file \(path)"
        case let .environment(name): return "the environment variable \(name)"
        }
    }
}
