import CamschedV4L2

/// Controls by meaning or by name, through the ids of ``V4L2ControlTable``.
extension V4L2Backend {
    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        let device = try requireDevice()
        do {
            switch key {
            case let .meaning(meaning):
                guard let id = V4L2ControlTable.ids[meaning] else { throw Self.noControl(key, path: path) }
                return V4L2ControlTable.value(try setMeaning(meaning, id: id, value: value, on: device), for: meaning)
            case let .name(name):
                guard let number = value.integer else { throw Self.noControl(key, path: path) }
                return .integer(try device.controls.set(named: name, value: number))
            }
        } catch let error as V4L2Error {
            throw V4L2Backend.map(error, path: path)
        } catch {
            throw error as? CameraError ?? Self.noControl(key, path: path)
        }
    }

    /// Auto exposure on is Auto Mode where the driver takes it, else Aperture Priority (UVC).
    private func setMeaning(_ meaning: ControlMeaning, id: UInt32, value: ControlValue,
                            on device: V4L2Device) throws(V4L2Error) -> Int64 {
        let v4l2 = V4L2ControlTable.v4l2Value(value, for: meaning, menu: [:])
        let retry = meaning == .autoExposure && v4l2 == V4L2ControlTable.exposureModeAuto
        do {
            return try device.controls.set(id: id, value: v4l2)
        } catch {
            guard retry, case .ioctl = error else { throw error }
            return try device.controls.set(id: id, value: V4L2ControlTable.exposureModeAperturePriority)
        }
    }

    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue {
        let device = try requireDevice()
        do {
            switch key {
            case let .meaning(meaning):
                guard let id = V4L2ControlTable.ids[meaning] else { throw Self.noControl(key, path: path) }
                return V4L2ControlTable.value(try device.controls.get(id: id), for: meaning)
            case let .name(name):
                guard let info = try device.controls.named(name) else { throw Self.noControl(key, path: path) }
                return .integer(try device.controls.get(id: info.id))
            }
        } catch let error as V4L2Error {
            throw V4L2Backend.map(error, path: path)
        } catch {
            throw error as? CameraError ?? Self.noControl(key, path: path)
        }
    }

    package func controlValues(_ keys: [ControlKey]) throws(CameraError) -> [String: Int64] {
        let device = try requireDevice()
        let ids = keys.compactMap { key -> UInt32? in
            if case let .meaning(meaning) = key { return V4L2ControlTable.ids[meaning] }
            return nil
        }
        let names = keys.compactMap { key -> String? in if case let .name(name) = key { return name }; return nil }
        do {
            var values = try device.controls.values(ids: ids)
            for name in names { if let info = try device.controls.named(name), let value = info.value { values[info.name] = value } }
            return values
        } catch {
            throw V4L2Backend.map(error, path: path)
        }
    }

    static func noControl(_ key: ControlKey, path: String) -> CameraError {
        .unsupportedControl(name: key.description, reason: "\(path) has no such control")
    }
}
