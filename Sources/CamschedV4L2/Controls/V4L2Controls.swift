internal import CV4L2Shim
import Glibc

/// The controls of one device: listing them with their ranges and values, and reading and
/// setting one by id or by name. A view over the device (``V4L2Device/controls``); every call
/// takes the device's lock.
package struct V4L2Controls: Sendable {
    let device: V4L2Device

    var path: String { device.path }

    /// Every control of the node with its range, current value and menu items, in the
    /// driver's order (control-class headings included, as type `.ctrlClass`).
    /// - Parameter menus: false leaves `menuItems` empty (one `VIDIOC_QUERYMENU` per item
    ///   saved: most of the calls on a device with long menus), for when only values are wanted.
    /// - Throws: `.disconnected`, or `.ioctl` when the enumeration fails other than by ending.
    ///
    /// The corresponding C calls are `VIDIOC_QUERY_EXT_CTRL` (with `V4L2_CTRL_FLAG_NEXT_CTRL`),
    /// `VIDIOC_QUERYMENU` and `VIDIOC_G_EXT_CTRLS`.
    package func list(menus: Bool = true) throws(V4L2Error) -> [V4L2ControlInfo] {
        try device.lock.withLock { () throws(V4L2Error) -> [V4L2ControlInfo] in
            var result: [V4L2ControlInfo] = []
            var query = v4l2_query_ext_ctrl()
            query.id = CS_V4L2_CTRL_FLAG_NEXT_CTRL
            while true {
                let code = device.perform(.queryExtendedControl, &query)
                // EINVAL: past the last control; ENOTTY: no controls at all.
                if code == EINVAL || code == ENOTTY { break }
                if code != 0 { throw V4L2Error.calling(.queryExtendedControl, path: path, errno: code) }
                result.append(try lockedControlInfo(query, menus: menus))
                let previous = query.id
                query = v4l2_query_ext_ctrl()
                query.id = previous | CS_V4L2_CTRL_FLAG_NEXT_CTRL
            }
            return result
        }
    }

    /// The control named `name` as `v4l2-ctl` prints it (`horizontal_movement`), or as the
    /// driver labels it ("Horizontal Movement"); nil when the device has no such control.
    /// - Throws: what `list(menus:)` throws.
    package func named(_ name: String) throws(V4L2Error) -> V4L2ControlInfo? {
        let wanted = V4L2ControlName.normalize(name)
        return try list().first { $0.name == wanted || $0.label == name }
    }

    /// The current value of a control (64-bit wide, so `integer64` controls fit).
    /// - Throws: `.unsupported` for a control the device lacks or whose value is not an
    ///   integer, `.disconnected`, `.ioctl` (e.g. `EACCES` for a write-only control).
    ///
    /// The corresponding C call is `VIDIOC_G_EXT_CTRLS`.
    package func get(id: UInt32) throws(V4L2Error) -> Int64 {
        try device.lock.withLock { () throws(V4L2Error) -> Int64 in
            let query = try lockedQueryControl(id: id)
            let type = V4L2ControlType(rawValue: query.type)
            guard type.hasIntegerValue else { throw .unsupported("reading the \(type) control \(controlLabel(query)) of \(path)") }
            return try lockedReadInteger(id: id, type: type)
        }
    }

    /// Sets a control and returns the value the driver holds afterwards (it clamps integers
    /// to the range); for buttons and write-only controls, which cannot be read, `value`.
    /// - Throws: `.unsupported` for a control the device lacks or of a type without an
    ///   integer value, `.disconnected`, `.ioctl` (`EACCES` read-only, `ERANGE`/`EINVAL`
    ///   invalid value, `EBUSY` temporarily grabbed).
    ///
    /// The corresponding C call is `VIDIOC_S_EXT_CTRLS`.
    @discardableResult
    package func set(id: UInt32, value: Int64) throws(V4L2Error) -> Int64 {
        try device.lock.withLock { () throws(V4L2Error) -> Int64 in
            let query = try lockedQueryControl(id: id)
            let type = V4L2ControlType(rawValue: query.type)
            guard type.hasIntegerValue || type == .button else {
                throw .unsupported("setting the \(type) control \(controlLabel(query)) of \(path) to a number")
            }
            let is64: Int32 = type == .integer64 ? 1 : 0
            try device.perform(.setExtendedControls) { fd in cs_v4l2_set_ext_ctrl(fd, id, is64, value) }
            let flags = V4L2ControlFlags(rawValue: query.flags)
            if type == .button || flags.contains(.writeOnly) { return value }
            return try lockedReadInteger(id: id, type: type)
        }
    }

    /// Sets the control named as `named(_:)` finds it.
    /// - Throws: `.unsupported` when the device has no such control, and what
    ///   `set(id:value:)` throws.
    ///
    /// The corresponding C call is `VIDIOC_S_EXT_CTRLS`.
    @discardableResult
    package func set(named name: String, value: Int64) throws(V4L2Error) -> Int64 {
        guard let info = try named(name) else { throw .unsupported("a control named \(name) on \(path)") }
        return try set(id: info.id, value: value)
    }

    // MARK: - With the lock held

    func lockedQueryControl(id: UInt32) throws(V4L2Error) -> v4l2_query_ext_ctrl {
        var query = v4l2_query_ext_ctrl()
        query.id = id
        let code = device.perform(.queryExtendedControl, &query)
        if code == EINVAL || code == ENOTTY { throw .unsupported("control 0x\(String(id, radix: 16)) on \(path)") }
        if code != 0 { throw V4L2Error.calling(.queryExtendedControl, path: path, errno: code) }
        return query
    }

    func lockedReadInteger(id: UInt32, type: V4L2ControlType) throws(V4L2Error) -> Int64 {
        var value: Int64 = 0
        let is64: Int32 = type == .integer64 ? 1 : 0
        try device.perform(.getExtendedControls) { fd in cs_v4l2_get_ext_ctrl(fd, id, is64, &value) }
        // A bitmask is a __u32 in the 32-bit field: keep its top bit a bit, not a sign.
        return type == .bitmask ? Int64(UInt32(truncatingIfNeeded: value)) : value
    }

    private func lockedControlInfo(_ query: v4l2_query_ext_ctrl, menus: Bool) throws(V4L2Error) -> V4L2ControlInfo {
        let type = V4L2ControlType(rawValue: query.type)
        let flags = V4L2ControlFlags(rawValue: query.flags)
        let label = controlLabel(query)
        let readable = !flags.contains(.writeOnly) && !flags.contains(.disabled)
        var value: Int64?
        var stringValue: String?
        if readable && type.hasIntegerValue {
            value = try readIgnoringRefusal { () throws(V4L2Error) in try lockedReadInteger(id: query.id, type: type) }
        } else if readable && type == .string {
            stringValue = try readIgnoringRefusal { () throws(V4L2Error) in try lockedReadString(query) }
        }
        var items: [V4L2MenuItem] = []
        if menus && (type == .menu || type == .integerMenu) {
            items = try lockedMenuItems(query, type: type)
        }
        return V4L2ControlInfo(
            id: query.id, name: V4L2ControlName.normalize(label), label: label, type: type,
            minimum: query.minimum, maximum: query.maximum, step: query.step, defaultValue: query.default_value,
            value: value, stringValue: stringValue, flags: flags, menuItems: items)
    }

    /// A driver may refuse to read one control (busy, inactive); that leaves its value unknown,
    /// but a vanished device still ends the listing.
    private func readIgnoringRefusal<T>(_ read: () throws(V4L2Error) -> T) throws(V4L2Error) -> T? {
        do {
            return try read()
        } catch .disconnected(let path) {
            throw .disconnected(path: path)
        } catch {
            return nil
        }
    }

    private func lockedReadString(_ query: v4l2_query_ext_ctrl) throws(V4L2Error) -> String {
        // For strings, `maximum` is the longest length without the terminating NUL.
        let size = Int(clamping: max(query.maximum, 0)) + 1
        var bytes = [CChar](repeating: 0, count: size)
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(V4L2Error) in
            guard let base = buffer.baseAddress else { return }
            try device.perform(.getExtendedControls) { fd in cs_v4l2_get_ext_ctrl_string(fd, query.id, base, UInt32(size)) }
        }
        let prefix = bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: prefix, as: UTF8.self)
    }

    private func lockedMenuItems(_ query: v4l2_query_ext_ctrl, type: V4L2ControlType) throws(V4L2Error) -> [V4L2MenuItem] {
        guard query.minimum <= query.maximum, query.maximum - query.minimum < 4096 else { return [] }
        var items: [V4L2MenuItem] = []
        for index in query.minimum...query.maximum {
            var menu = v4l2_querymenu()
            menu.id = query.id
            menu.index = UInt32(truncatingIfNeeded: index)
            let code = device.perform(.queryMenu, &menu)
            if code == EINVAL { continue }  // the driver skips this index
            if code != 0 { throw V4L2Error.calling(.queryMenu, path: path, errno: code) }
            if type == .integerMenu {
                items.append(V4L2MenuItem(index: index, value: cs_v4l2_querymenu_value(&menu)))
            } else {
                items.append(V4L2MenuItem(index: index, name: String(cString: cs_v4l2_querymenu_name(&menu))))
            }
        }
        return items
    }

    func controlLabel(_ query: v4l2_query_ext_ctrl) -> String {
        String(fixedCString: query.name)
    }
}
