import CamschedCore

extension JobDecoder {
    static let cameraKeys = [
        "device", "credentials", "size", "fps", "pixelFormat", "warmup", "focus", "exposure", "whiteBalance",
        "zoom", "controls", "rotation", "mirror",
    ]

    func camera(_ node: JSONNode, _ path: JobPath) -> CameraSettings {
        var camera = CameraSettings()
        guard let object = object(node, path, keys: JobDecoder.cameraKeys) else { return camera }
        if let devices = field(object, "device", devices) { camera.devices = devices }
        camera.credentials = field(object, "credentials", credentials)
        checkLogin(of: camera, object)
        if let size = field(object, "size", size) { camera.size = size }
        camera.fps = field(object, "fps", frameRate)
        if let format = field(object, "pixelFormat", pixelFormat) { camera.pixelFormat = format }
        if let warmup = field(object, "warmup", { duration($0, $1, in: JobLimits.warmup) }) { camera.warmup = warmup }
        if let focus = field(object, "focus", { controlMode($0, $1, control: .none) }) { camera.focus = focus }
        if let exposure = field(object, "exposure", { controlMode($0, $1, control: .exposure) }) { camera.exposure = exposure }
        if let whiteBalance = field(object, "whiteBalance", { controlMode($0, $1, control: .whiteBalance) }) {
            camera.whiteBalance = whiteBalance
        }
        if let zoom = field(object, "zoom", zoom) { camera.zoom = zoom }
        if let controls = field(object, "controls", controls) { camera.controls = controls }
        if let rotation = field(object, "rotation", rotation) { camera.rotation = rotation }
        if let mirror = field(object, "mirror", bool) { camera.mirror = mirror }
        return camera
    }

    private func devices(_ node: JSONNode, _ path: JobPath) -> [String]? {
        switch node.value {
        case .string:
            return device(node, path).map { [$0] }
        case .array(let elements):
            guard !elements.isEmpty else {
                report(path, node.location, "the device list is empty; use \"auto\" for the first camera")
                return nil
            }
            let devices = elements.enumerated().map { device($1, path.index($0)) }
            return devices.contains(nil) ? nil : devices.compactMap { $0 }
        default:
            typeMismatch(node, path, expected: "a device URI or a list of them")
            return nil
        }
    }

    /// A device URI, checked by the parser `run` opens cameras with (`DeviceURI`), so that a
    /// `test:?size=10x10` fails here rather than at the first capture.
    private func device(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = nonEmptyString(node, path) else { return nil }
        let schemes = ["v4l2:", "name:", "test:", "file:"] + NetworkCameraAddress.schemes.map { $0 + "://" }
        guard text == "auto" || text.hasPrefix("/") || schemes.contains(where: { text.lowercased().hasPrefix($0) }) else {
            report(path, node.location,
                   "\(JSONNode.quoted(NetworkCameraAddress.masked(text))) is not a device; use \"auto\", a path such as \"/dev/video0\", or a URI starting with \"v4l2:\", \"name:\", \"test:\", \"file:\", \"rtsp://\" or \"http://\"")
            return nil
        }
        do {
            _ = try DeviceURI(parsing: text, baseDirectory: baseDirectory)
        } catch {
            // Never the URI as written: it may hold a password.
            report(path, node.location, "\(JSONNode.quoted(NetworkCameraAddress.masked(text))) is not a valid device: \(error.reason)")
            return nil
        }
        return text
    }

    private func size(_ node: JSONNode, _ path: JobPath) -> SizeSpec? {
        guard let text = string(node, path) else { return nil }
        guard let size = SizeSpec(parsing: text) else {
            let presets = SizePreset.allCases.map { JSONNode.quoted($0.rawValue) }.joined(separator: ", ")
            report(path, node.location, "\(node.shortDescription) is not a size; use \"WIDTHxHEIGHT\" such as \"1920x1080\" or one of \(presets)")
            return nil
        }
        return size
    }

    private func pixelFormat(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = string(node, path) else { return nil }
        let isFourCC = (1...4).contains(text.unicodeScalars.count)
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        guard text == "auto" || isFourCC else {
            report(path, node.location,
                   "\(node.shortDescription) is not a FourCC; use \"auto\" or 1 to 4 ASCII characters such as \"MJPG\", \"YUYV\", \"NV12\"")
            return nil
        }
        return text
    }

    private func zoom(_ node: JSONNode, _ path: JobPath) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard JobLimits.zoom.contains(value) else {
            report(path, node.location, "must be from 1 (no zoom) to \(JobDecoder.format(JobLimits.zoom.upperBound)), found \(node.shortDescription)")
            return nil
        }
        return value
    }

    private func rotation(_ node: JSONNode, _ path: JobPath) -> Int? {
        guard case .number(let number) = node.value else {
            typeMismatch(node, path, expected: "0, 90, 180 or 270")
            return nil
        }
        guard let value = number.integerValue, [0, 90, 180, 270].contains(value) else {
            report(path, node.location, "must be 0, 90, 180 or 270, found \(node.shortDescription)")
            return nil
        }
        return Int(value)
    }

    private func controls(_ node: JSONNode, _ path: JobPath) -> [String: JobControlValue]? {
        guard case .object(let members) = node.value else {
            typeMismatch(node, path, expected: "an object of control names and values")
            return nil
        }
        var controls: [String: JobControlValue] = [:]
        for member in members {
            let memberPath = path.key(member.key)
            if member.key.isEmpty {
                report(memberPath, member.keyLocation, "a control name must not be empty")
                continue
            }
            if controls[member.key] != nil {
                report(memberPath, member.keyLocation, "\(JSONNode.quoted(member.key)): duplicate key")
                continue
            }
            switch member.value.value {
            case .string(let text):
                controls[member.key] = .text(text)
            case .bool(let flag):
                controls[member.key] = .integer(flag ? 1 : 0)
            case .number(let number):
                guard let value = number.integerValue else {
                    typeMismatch(member.value, memberPath, expected: "a whole number or a menu item name")
                    continue
                }
                controls[member.key] = .integer(value)
            default:
                typeMismatch(member.value, memberPath, expected: "a whole number or a menu item name")
            }
        }
        return controls
    }

    func controlMode(_ node: JSONNode, _ path: JobPath, control: RampableControl) -> ControlModeSetting? {
        switch node.value {
        case .string(let text):
            guard let mode = simpleMode(text, node, path, control: control) else { return nil }
            return ControlModeSetting(mode: mode)
        case .object:
            let keys = ["mode", "manual", "pointOfInterest", "required"] + (control == .exposure ? Self.rampKeys : [])
            guard let object = object(node, path, keys: keys) else { return nil }
            var setting = ControlModeSetting()
            switch (object.node("mode"), object.node("manual")) {
            case (nil, nil):
                report(path, node.location, "missing \"mode\" or \"manual\"")
            case (.some, .some):
                report(object.path("manual"), object.keyLocation("manual") ?? node.location,
                       "use either \"mode\" or \"manual\", not both")
            case (let mode?, nil):
                if let text = string(mode, object.path("mode")),
                   let parsed = simpleMode(text, mode, object.path("mode"), control: control) {
                    setting.mode = parsed
                    if case .ramp = parsed, control == .exposure { setting.mode = .ramp(rampSpec(object)) }
                }
            case (nil, let manual?):
                if let value = number(manual, object.path("manual"), in: JobLimits.manualControl) { setting.mode = .manual(value) }
            }
            if control == .exposure { checkRampKeys(object, mode: setting.mode) }
            setting.pointOfInterest = field(object, "pointOfInterest", pointOfInterest)
            if let required = field(object, "required", bool) { setting.required = required }
            return setting
        default:
            let ramp = control == .none ? "" : ", \"ramp\""
            typeMismatch(node, path, expected: "\"continuous\", \"auto\", \"locked\"\(ramp) or {\"manual\": VALUE}")
            return nil
        }
    }

    private func simpleMode(_ text: String, _ node: JSONNode, _ path: JobPath, control: RampableControl) -> ControlMode? {
        switch text {
        case "continuous": return .continuous
        case "auto": return .auto
        case "locked": return .locked
        case "ramp" where control != .none: return .ramp(RampSpec())
        case "ramp":
            report(path, node.location, "focus cannot ramp (only exposure and white balance follow the light); use \"continuous\", \"auto\", \"locked\" or {\"manual\": VALUE}")
            return nil
        case "manual":
            report(path, node.location, "\"manual\" needs a value; write {\"manual\": VALUE}")
            return nil
        default:
            let names = ["continuous", "auto", "locked"] + (control == .none ? [] : ["ramp"])
            let ramp = control == .none ? "" : ", \"ramp\""
            var message = "\(node.shortDescription) is not one of \"continuous\", \"auto\", \"locked\"\(ramp) or {\"manual\": VALUE}"
            if let suggestion = NameSuggester.suggestion(for: text, among: names) {
                message += "; did you mean \(JSONNode.quoted(suggestion))?"
            }
            report(path, node.location, message)
            return nil
        }
    }

    private func pointOfInterest(_ node: JSONNode, _ path: JobPath) -> PointOfInterest? {
        guard case .array(let elements) = node.value, elements.count == 2,
              case .number(let x) = elements[0].value, case .number(let y) = elements[1].value,
              (0...1).contains(x.value), (0...1).contains(y.value) else {
            report(path, node.location, "expected [x, y] with each between 0 and 1, found \(node.shortDescription)")
            return nil
        }
        return PointOfInterest(x: x.value, y: y.value)
    }
}
