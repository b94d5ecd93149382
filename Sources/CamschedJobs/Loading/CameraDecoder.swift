import CamschedCore
import Foundation

/// The `camera` section: which camera, in which mode, with which controls.
struct CameraDecoder {
    let reader: JobReader

    static let keys = [
        "device", "credentials", "size", "fps", "pixelFormat", "warmup", "focus", "exposure", "whiteBalance",
        "zoom", "controls", "rotation", "mirror", "audio",
    ]

    func decode(_ node: JSONNode, _ path: JobPath) -> CameraSettings {
        var camera = CameraSettings()
        guard let object = reader.object(node, path, keys: Self.keys) else { return camera }
        if let devices = reader.field(object, "device", devices) { camera.devices = devices }
        let credentials = CredentialsDecoder(reader: reader)
        camera.credentials = reader.field(object, "credentials", credentials.decode)
        credentials.checkLogin(of: camera, object)
        if let size = reader.field(object, "size", size) { camera.size = size }
        camera.fps = reader.field(object, "fps", reader.frameRate)
        if let format = reader.field(object, "pixelFormat", pixelFormat) { camera.pixelFormat = format }
        if let warmup = reader.field(object, "warmup", { reader.duration($0, $1, in: JobLimits.warmup) }) { camera.warmup = warmup }
        let mode = { (control: ControlModeDecoder.Control) in ControlModeDecoder(reader: reader, control: control).decode }
        if let focus = reader.field(object, "focus", mode(.none)) { camera.focus = focus }
        if let exposure = reader.field(object, "exposure", mode(.exposure)) { camera.exposure = exposure }
        if let whiteBalance = reader.field(object, "whiteBalance", mode(.whiteBalance)) { camera.whiteBalance = whiteBalance }
        if let zoom = reader.field(object, "zoom", zoom) { camera.zoom = zoom }
        if let controls = reader.field(object, "controls", controls) { camera.controls = controls }
        if let rotation = reader.field(object, "rotation", rotation) { camera.rotation = rotation }
        if let mirror = reader.field(object, "mirror", reader.bool) { camera.mirror = mirror }
        camera.audio = reader.field(object, "audio", AudioDecoder(reader: reader).decode)
        return camera
    }

    private func devices(_ node: JSONNode, _ path: JobPath) -> [String]? {
        switch node.value {
        case .string:
            return device(node, path).map { [$0] }
        case .array(let elements):
            guard !elements.isEmpty else {
                reader.report(path, node.location, "the device list is empty; use \"auto\" for the first camera")
                return nil
            }
            let devices = elements.enumerated().map { device($1, path.index($0)) }
            return devices.contains(nil) ? nil : devices.compactMap { $0 }
        default:
            reader.typeMismatch(node, path, expected: "a device URI or a list of them")
            return nil
        }
    }

    /// A device URI, checked by the parser `run` opens cameras with (`DeviceURI`), so that a
    /// `test:?size=10x10` fails here rather than at the first capture.
    private func device(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = reader.nonEmptyString(node, path) else { return nil }
        guard text == "auto" || text.hasPrefix("/") || CameraKind.schemes.contains(where: { text.lowercased().hasPrefix($0) }) else {
            let starts = CameraKind.schemes.filter { !$0.hasPrefix("rtsps") && !$0.hasPrefix("https") }.map { "\"\($0)\"" }
            reader.report(path, node.location, "\(JSONNode.quoted(NetworkCameraAddress.masked(text))) is not a device; use \"auto\", a path such as \"/dev/video0\", or a URI starting with \(starts.dropLast().joined(separator: ", ")) or \(starts.last ?? "")")
            return nil
        }
        do {
            _ = try DeviceURI(parsing: text, baseDirectory: reader.baseDirectory)
        } catch {
            // Never the URI as written: it may hold a password.
            reader.report(path, node.location, "\(JSONNode.quoted(NetworkCameraAddress.masked(text))) is not a valid device: \(error.reason)")
            return nil
        }
        return text
    }

    private func size(_ node: JSONNode, _ path: JobPath) -> SizeSpec? {
        guard let text = reader.string(node, path) else { return nil }
        guard let size = SizeSpec(parsing: text) else {
            let presets = SizePreset.allCases.map { JSONNode.quoted($0.rawValue) }.joined(separator: ", ")
            reader.report(path, node.location, "\(node.shortDescription) is not a size; use \"WIDTHxHEIGHT\" such as \"1920x1080\" or one of \(presets)")
            return nil
        }
        return size
    }

    private func pixelFormat(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = reader.string(node, path) else { return nil }
        let isFourCC = (1...4).contains(text.unicodeScalars.count)
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        guard text == "auto" || isFourCC else {
            reader.report(path, node.location,
                          "\(node.shortDescription) is not a FourCC; use \"auto\" or 1 to 4 ASCII characters such as \"MJPG\", \"YUYV\", \"NV12\"")
            return nil
        }
        return text
    }

    private func zoom(_ node: JSONNode, _ path: JobPath) -> Double? {
        guard let value = reader.number(node, path) else { return nil }
        guard JobLimits.zoom.contains(value) else {
            reader.report(path, node.location, "must be from 1 (no zoom) to \(JobReader.format(JobLimits.zoom.upperBound)), found \(node.shortDescription)")
            return nil
        }
        return value
    }

    private func rotation(_ node: JSONNode, _ path: JobPath) -> Int? {
        guard case .number(let number) = node.value else {
            reader.typeMismatch(node, path, expected: "0, 90, 180 or 270")
            return nil
        }
        guard let value = number.integerValue, [0, 90, 180, 270].contains(value) else {
            reader.report(path, node.location, "must be 0, 90, 180 or 270, found \(node.shortDescription)")
            return nil
        }
        return Int(value)
    }

    private func controls(_ node: JSONNode, _ path: JobPath) -> [String: JobControlValue]? {
        guard case .object(let members) = node.value else {
            reader.typeMismatch(node, path, expected: "an object of control names and values")
            return nil
        }
        var controls: [String: JobControlValue] = [:]
        for member in members {
            let memberPath = path.key(member.key)
            if member.key.isEmpty {
                reader.report(memberPath, member.keyLocation, "a control name must not be empty")
                continue
            }
            if controls[member.key] != nil {
                reader.report(memberPath, member.keyLocation, "\(JSONNode.quoted(member.key)): duplicate key")
                continue
            }
            switch member.value.value {
            case .string(let text):
                controls[member.key] = .text(text)
            case .bool(let flag):
                controls[member.key] = .integer(flag ? 1 : 0)
            case .number(let number):
                if let value = number.integerValue {
                    controls[member.key] = .integer(value)
                } else if number.value.isFinite, abs(number.value) <= 9.2e18 {
                    controls[member.key] = .real(number.value)
                } else {
                    reader.typeMismatch(member.value, memberPath, expected: "a number, true or false, or a menu item name")
                    continue
                }
            default:
                reader.typeMismatch(member.value, memberPath, expected: "a number, true or false, or a menu item name")
            }
        }
        return controls
    }
}
