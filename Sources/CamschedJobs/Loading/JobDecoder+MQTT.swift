import CamschedCore
import Foundation

/// The `mqtt` block: the broker URL, names checked for MQTT's rules, and the password's file or
/// variable checked as far as `validate` can (never the password itself, never in a message).
extension JobDecoder {
    static let mqttKeys = [
        "broker", "caFile", "clientId", "topicPrefix", "username", "password", "allowCommands",
        "homeAssistant", "discoveryPrefix",
    ]

    func mqtt(_ node: JSONNode, _ path: JobPath) -> MQTTSpec? {
        guard let object = object(node, path, keys: Self.mqttKeys) else { return nil }
        let broker = requiredField(object, "broker", mqttBroker)
        let caFile = field(object, "caFile", nonEmptyString).map { resolvePath($0).path }
        if caFile != nil, let broker, !broker.tls, let caNode = object.node("caFile") {
            report(object.path("caFile"), caNode.location, "a CA file is for TLS; use an mqtts:// broker or remove \"caFile\"")
        }
        let clientID = field(object, "clientId", mqttClientID)
        let prefix = field(object, "topicPrefix", mqttTopic)
        let username = field(object, "username", mqttName)
        let password = field(object, "password", mqttPassword)
        if !object.has("username"), let passwordNode = object.node("password") {
            report(object.path("password"), passwordNode.location, "a password needs a \"username\"")
        }
        if username != nil, password == nil, let value = environment[MQTTPasswordSource.defaultVariable], value.isEmpty {
            report(object.path("username"), object.node("username")?.location ?? node.location,
                   "\(MQTTPasswordSource.defaultVariable) is set but empty")
        }
        let allowCommands = field(object, "allowCommands", bool) ?? false
        let homeAssistant = field(object, "homeAssistant", bool) ?? false
        let discoveryPrefix = field(object, "discoveryPrefix", mqttTopic) ?? "homeassistant"
        guard let broker else { return nil }
        return MQTTSpec(broker: broker, caFile: caFile, clientID: clientID, topicPrefix: prefix, username: username,
                        password: password, allowCommands: allowCommands, homeAssistant: homeAssistant,
                        discoveryPrefix: discoveryPrefix)
    }

    private func mqttBroker(_ node: JSONNode, _ path: JobPath) -> MQTTBrokerURL? {
        guard let text = nonEmptyString(node, path) else { return nil }
        do { return try MQTTBrokerURL(parsing: text) } catch {
            // The URL is not quoted back: a user:password in it must not reach a terminal or log.
            report(path, node.location, "the broker URL \(error)")
            return nil
        }
    }

    private func mqttTopic(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = string(node, path) else { return nil }
        if let problem = MQTTSpec.topicProblem(text) {
            report(path, node.location, "a topic prefix \(problem)")
            return nil
        }
        return text
    }

    private func mqttName(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = nonEmptyString(node, path) else { return nil }
        guard text.utf8.count <= MQTTSpec.maximumNameBytes,
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            report(path, node.location, "must be at most \(MQTTSpec.maximumNameBytes) bytes without control characters")
            return nil
        }
        return text
    }

    private func mqttClientID(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = mqttName(node, path) else { return nil }
        guard !text.contains("+"), !text.contains("#"), !text.contains("/") else {
            report(path, node.location, "a client id must not contain \"/\", \"+\" or \"#\"")
            return nil
        }
        return text
    }

    /// `{"file": PATH}` (relative to the job file's folder) or `{"environment": NAME}`; a plain
    /// string is refused without quoting it back, as it may be the password itself.
    private func mqttPassword(_ node: JSONNode, _ path: JobPath) -> MQTTPasswordSource? {
        guard case .object = node.value else {
            report(path, node.location, "a password is never written in the job file; use {\"file\": PATH} (a file of mode 600) or {\"environment\": NAME}")
            return nil
        }
        guard let object = object(node, path, keys: ["file", "environment"]) else { return nil }
        let source: MQTTPasswordSource
        switch (field(object, "file", nonEmptyString), field(object, "environment", nonEmptyString)) {
        case let (file?, nil): source = .file(resolvePath(file).path)
        case let (nil, name?):
            guard CameraCredentialsSource.isVariableName(name) else {
                report(object.path("environment"), node.location, "\(JSONNode.quoted(name)) is not an environment variable's name; use letters, digits and _")
                return nil
            }
            source = .environment(name)
        case (.some, .some):
            report(path, node.location, "use either \"file\" or \"environment\", not both")
            return nil
        case (nil, nil):
            if !object.has("file") && !object.has("environment") { report(path, node.location, "missing \"file\" or \"environment\"") }
            return nil
        }
        return checkedPassword(source, node, path)
    }

    private func checkedPassword(_ source: MQTTPasswordSource, _ node: JSONNode, _ path: JobPath) -> MQTTPasswordSource? {
        do {
            _ = try source.load(environment: environment)
        } catch {
            // Another user than the daemon's may validate: a file it may not read is checked without reading.
            if case .file(.fileUnreadable) = error, case .file(let file) = source,
               (try? CredentialsFile.checkWithoutReading(file)) != nil {
                return source
            }
            report(path, node.location, error.description)
            return nil
        }
        return source
    }
}
