import CamschedCore
import CamschedLibcamera

/// Controls by meaning (``LibcameraControlTable``) or by libcamera's name. libcamera sets them
/// with a request, so a value set is sent with the next request given back (or at the start)
/// and reads back as set until a frame's metadata says what the sensor applied.
extension LibcameraBackend {
    package func controls() throws(CameraError) -> [CameraControl] {
        _ = try requireCamera()
        let (infos, values) = state.withLock { ($0.infos, $0.values) }
        let listed: Set<LibcameraValueType> = [.bool, .byte, .int32, .int64, .float]
        return infos.filter { listed.contains($0.type) }.map { info -> CameraControl in
            let value: ControlValue? = values[info.name] ?? info.defaultValue.map(LibcameraControlTable.value(of:))
            return LibcameraControlTable.control(info, value: value)
        }
    }

    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        _ = try requireCamera()
        let (info, meaning) = try find(key)
        let listed = LibcameraControlTable.control(info, value: nil)
        let clamped = listed.kind == .boolean ? ControlValue.boolean(value.isOn) : listed.clamp(value)
        // By name, a value is libcamera's own (AfMode 1 is Auto); by meaning, the meaning's (autofocus on: Continuous).
        let byMeaning: ControlMeaning? = if case .meaning = key { meaning } else { nil }
        let control = LibcameraControlTable.control(info, clamped, meaning: byMeaning)
        state.withLock { state in
            state.pending[info.name] = control
            state.values[info.name] = byMeaning == .autoFocus ? LibcameraControlTable.value(of: control.value) : clamped
        }
        return clamped
    }

    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue {
        _ = try requireCamera()
        let (info, meaning) = try find(key)
        let value = state.withLock { $0.values[info.name] } ?? info.defaultValue.map(LibcameraControlTable.value(of:))
        guard let value else { throw .unsupportedControl(name: key.description, reason: "\(uri) has not reported its \(info.name)") }
        if meaning == .autoFocus { return .boolean(value.integer == Int64(LibcameraAfMode.continuous.rawValue)) }
        return value
    }

    private func find(_ key: ControlKey) throws(CameraError) -> (LibcameraControlInfo, ControlMeaning?) {
        let name: String?
        switch key {
        case let .meaning(meaning): name = LibcameraControlTable.names[meaning]
        case let .name(text): name = text
        }
        guard let name, let info = state.withLock({ $0.infos.first { $0.name == name } }) else {
            throw .unsupportedControl(name: key.description, reason: "the libcamera camera \(uri) has no such control")
        }
        return (info, LibcameraControlTable.meaning(of: name))
    }
}
