import CamschedCore
import Foundation

/// The `mqtt` block: the broker URL, names checked for MQTT's rules, and the password's file or
/// variable checked as far as `validate` can (never the password itself, never in a message).
struct MQTTDecoder {
    let reader: JobReader

    static let keys = [
        "broker", "caFile", "clientId", "topicPrefix", "username", "password", "allowCommands",
        "homeAssistant", "discoveryPrefix",
    ]

    func decode(_ node: JSONNode, _ path: JobPath) -> MQTTSpec? {
        guard let object = reader.object(node, path, keys: Self.keys) else { return nil }
        let broker = reader.requiredField(object, "broker", mqttBroker)
        let caFile = reader.field(object, "caFile", reader.nonEmptyString).map { reader.resolvePath($0).path }
        if caFile != nil, let broker, !broker.tls, let caNode = object.node("caFile") {
            reader.report(object.path("caFile"), caNode.location, "a CA file is for TLS; use an mqtts:// broker or remove \"caFile\"")
        }
        let clientID = reader.field(object, "clientId", mqttClientID)
        let prefix = reader.field(object, "topicPrefix", mqttTopic)
        let username = reader.field(object, "username", mqttName)
        let password = reader.field(object, "password", mqttPassword)
        if !object.has("username"), let passwordNode = object.node("password") {
            reader.report(object.path("password"), passwordNode.location, "a password needs a \"username\"")
        }
        if username != nil, password == nil, let value = reader.environment[MQTTPasswordSource.defaultVariable], value.isEmpty {
            reader.report(object.path("username"), object.node("username")?.location ?? node.location,
                          "\(MQTTPasswordSource.defaultVariable) is set but empty")
        }
        let allowCommands = reader.field(object, "allowCommands", reader.bool) ?? false
        let homeAssistant = reader.field(object, "homeAssistant", reader.bool) ?? false
        let discoveryPrefix = reader.field(object, "discoveryPrefix", mqttTopic) ?? "homeassistant"
        guard let broker else { return nil }
        return MQTTSpec(broker: broker, caFile: caFile, clientID: clientID, topicPrefix: prefix, username: username,
                        password: password, allowCommands: allowCommands, homeAssistant: homeAssistant,
                        discoveryPrefix: discoveryPrefix)
    }

    private func mqttBroker(_ node: JSONNode, _ path: JobPath) -> MQTTBrokerURL? {
        guard let text = reader.nonEmptyString(node, path) else { return nil }
        do { return try MQTTBrokerURL(parsing: text) } catch {
            // The URL is not quoted back: a user:password in it must not reach a terminal or log.
            reader.report(path, node.location, "the broker URL \(error)")
            return nil
        }
    }

    private func mqttTopic(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = reader.string(node, path) else { return nil }
        if let problem = MQTTSpec.topicProblem(text) {
            reader.report(path, node.location, "a topic prefix \(problem)")
            return nil
        }
        return text
    }

    private func mqttName(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = reader.nonEmptyString(node, path) else { return nil }
        guard text.utf8.count <= MQTTSpec.maximumNameBytes,
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            reader.report(path, node.location, "must be at most \(MQTTSpec.maximumNameBytes) bytes without control characters")
            return nil
        }
        return text
    }

    private func mqttClientID(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = mqttName(node, path) else { return nil }
        guard !text.contains("+"), !text.contains("#"), !text.contains("/") else {
            reader.report(path, node.location, "a client id must not contain \"/\", \"+\" or \"#\"")
            return nil
        }
        return text
    }

    /// `{"file": PATH}` (relative to the job file's folder) or `{"environment": NAME}`; a plain
    /// string is refused without quoting it back, as it may be the password itself.
    private func mqttPassword(_ node: JSONNode, _ path: JobPath) -> MQTTPasswordSource? {
        guard case .object = node.value else {
            reader.report(path, node.location, "a password is never written in the job file; use {\"file\": PATH} (a file of mode 600) or {\"environment\": NAME}")
            return nil
        }
        guard let object = reader.object(node, path, keys: ["file", "environment"]) else { return nil }
        let source: MQTTPasswordSource
        switch (reader.field(object, "file", reader.nonEmptyString), reader.field(object, "environment", reader.nonEmptyString)) {
        case let (file?, nil): source = .file(reader.resolvePath(file).path)
        case let (nil, name?):
            guard CameraCredentialsSource.isVariableName(name) else {
                reader.report(object.path("environment"), node.location, "\(JSONNode.quoted(name)) is not an environment variable's name; use letters, digits and _")
                return nil
            }
            source = .environment(name)
        case (.some, .some):
            reader.report(path, node.location, "use either \"file\" or \"environment\", not both")
            return nil
        case (nil, nil):
            if !object.has("file") && !object.has("environment") { reader.report(path, node.location, "missing \"file\" or \"environment\"") }
            return nil
        }
        return checkedPassword(source, node, path)
    }

    private func checkedPassword(_ source: MQTTPasswordSource, _ node: JSONNode, _ path: JobPath) -> MQTTPasswordSource? {
        do {
            _ = try source.load(environment: reader.environment)
        } catch {
            // Another user than the daemon's may validate: a file it may not read is checked without reading.
            if case .file(.fileUnreadable) = error, case .file(let file) = source,
               (try? CredentialsFile.checkWithoutReading(file)) != nil {
                return source
            }
            reader.report(path, node.location, error.description)
            return nil
        }
        return source
    }
}
