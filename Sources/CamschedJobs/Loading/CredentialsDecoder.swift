import CamschedCore
import Foundation

/// `camera.credentials`: where a network camera's login comes from, checked as far as
/// `validate` can — the file exists, is a regular file closed to others and holds
/// `user:password`; the variable is set and holds `user:password`. Never the password itself.
struct CredentialsDecoder {
    let reader: JobReader

    static let keys = ["file", "environment"]

    /// `"PATH"` or `{"file": PATH}` (relative to the job file's folder), or `{"environment": NAME}`.
    func decode(_ node: JSONNode, _ path: JobPath) -> CameraCredentialsSource? {
        switch node.value {
        case .string:
            return credentialsFile(node, path)
        case .object:
            guard let object = reader.object(node, path, keys: Self.keys) else { return nil }
            switch (object.node("file"), object.node("environment")) {
            case let (file?, nil):
                return credentialsFile(file, object.path("file"))
            case let (nil, name?):
                return credentialsVariable(name, object.path("environment"))
            case (.some, .some):
                reader.report(object.path("environment"), object.keyLocation("environment") ?? node.location,
                              "use either \"file\" or \"environment\", not both")
            case (nil, nil):
                reader.report(path, node.location, "missing \"file\" or \"environment\"")
            }
            return nil
        default:
            reader.typeMismatch(node, path, expected: "a credentials file's path, {\"file\": PATH} or {\"environment\": NAME}")
            return nil
        }
    }

    private func credentialsFile(_ node: JSONNode, _ path: JobPath) -> CameraCredentialsSource? {
        guard let text = reader.nonEmptyString(node, path) else { return nil }
        let file: String
        if text.hasPrefix("/") {
            file = URL(fileURLWithPath: text).standardizedFileURL.path
        } else {
            let base = reader.baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            file = base.appendingPathComponent(text).standardizedFileURL.path
        }
        if let problem = Self.problem(ofCredentialsFile: file) {
            reader.report(path, node.location, problem.description)
            return nil
        }
        return .file(file)
    }

    /// What is wrong with a credentials file, as far as this user can tell; nil when nothing is.
    /// Another user than the one camsched runs as may validate: a file it may not read is
    /// checked without reading (it exists, is a regular file, is closed to others).
    private static func problem(ofCredentialsFile file: String) -> CameraCredentialsError? {
        do {
            _ = try CameraCredentialsSource.file(file).load()
            return nil
        } catch {
            guard case .fileUnreadable = error else { return error }
        }
        do {
            try CredentialsFile.checkWithoutReading(file)
            return nil
        } catch {
            if case .fileUnreadable = error { return nil }
            return error
        }
    }

    private func credentialsVariable(_ node: JSONNode, _ path: JobPath) -> CameraCredentialsSource? {
        guard let name = reader.nonEmptyString(node, path) else { return nil }
        guard CameraCredentialsSource.isVariableName(name) else {
            reader.report(path, node.location, "\(JSONNode.quoted(name)) is not an environment variable's name; use letters, digits and _, as in \"SHED_CAMERA\"")
            return nil
        }
        let source = CameraCredentialsSource.environment(name)
        do { _ = try source.load(environment: reader.environment) } catch {
            reader.report(path, node.location, error.description)
            return nil
        }
        return source
    }

    /// Credentials are for network cameras only; and `CAMSCHED_CAMERA_CREDENTIALS`, when it is
    /// what a network camera of the job would log in with, must hold `user:password`.
    func checkLogin(of camera: CameraSettings, _ object: ObjectReader) {
        let network = camera.devices.contains { device in
            NetworkCameraAddress.schemes.contains { device.lowercased().hasPrefix($0 + "://") }
        }
        if camera.credentials != nil, !network, let node = object.node("credentials") {
            reader.report(object.path("credentials"), object.keyLocation("credentials") ?? node.location,
                          "credentials are for network cameras (rtsp://, rtsps://, http://, https://), and camera.device names none; remove \"credentials\"")
        }
        guard network, camera.credentials == nil,
              reader.environment[CameraCredentialsSource.defaultVariable] != nil else { return }
        do { _ = try CameraCredentialsSource.environment(CameraCredentialsSource.defaultVariable).load(environment: reader.environment) } catch {
            reader.report(object.path("device"), object.node("device")?.location ?? object.location, error.description)
        }
    }
}
