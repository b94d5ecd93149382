internal import CV4L2Shim

/// The type of a V4L2 control (`enum v4l2_ctrl_type`).
package enum V4L2ControlType: Hashable, Sendable, Codable, CustomStringConvertible {
    case integer
    case boolean
    case menu
    case integerMenu
    case button
    case integer64
    case string
    case ctrlClass
    case bitmask
    /// A compound or newer type, with its raw code.
    case other(UInt32)

    package init(rawValue: UInt32) {
        switch rawValue {
        case V4L2_CTRL_TYPE_INTEGER.rawValue: self = .integer
        case V4L2_CTRL_TYPE_BOOLEAN.rawValue: self = .boolean
        case V4L2_CTRL_TYPE_MENU.rawValue: self = .menu
        case V4L2_CTRL_TYPE_INTEGER_MENU.rawValue: self = .integerMenu
        case V4L2_CTRL_TYPE_BUTTON.rawValue: self = .button
        case V4L2_CTRL_TYPE_INTEGER64.rawValue: self = .integer64
        case V4L2_CTRL_TYPE_STRING.rawValue: self = .string
        case V4L2_CTRL_TYPE_CTRL_CLASS.rawValue: self = .ctrlClass
        case V4L2_CTRL_TYPE_BITMASK.rawValue: self = .bitmask
        default: self = .other(rawValue)
        }
    }

    /// Whether the control has an integer value that `VIDIOC_G_EXT_CTRLS` can read.
    package var hasIntegerValue: Bool {
        switch self {
        case .integer, .boolean, .menu, .integerMenu, .integer64, .bitmask: return true
        case .button, .string, .ctrlClass, .other: return false
        }
    }

    /// The name as `v4l2-ctl --list-ctrls` prints it ("int", "bool", "menu", …).
    package var description: String {
        switch self {
        case .integer: return "int"
        case .boolean: return "bool"
        case .menu: return "menu"
        case .integerMenu: return "intmenu"
        case .button: return "button"
        case .integer64: return "int64"
        case .string: return "str"
        case .ctrlClass: return "class"
        case .bitmask: return "bitmask"
        case .other(let code): return "type-0x\(String(code, radix: 16))"
        }
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let known: [V4L2ControlType] = [.integer, .boolean, .menu, .integerMenu, .button, .integer64, .string, .ctrlClass, .bitmask]
        if let match = known.first(where: { $0.description == text }) {
            self = match
        } else if text.hasPrefix("type-0x"), let code = UInt32(text.dropFirst(7), radix: 16) {
            self = .other(code)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown control type \(text)"))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
