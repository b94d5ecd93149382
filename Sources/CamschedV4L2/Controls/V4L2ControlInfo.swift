/// A control of a device with its range, value and menu (`VIDIOC_QUERY_EXT_CTRL`).
package struct V4L2ControlInfo: Hashable, Sendable, Codable {
    /// The control id (`V4L2_CID_*`).
    package let id: UInt32
    /// The name as `v4l2-ctl` prints it: `brightness`, `horizontal_movement`.
    package let name: String
    /// The driver's own name: "Brightness", "Horizontal Movement".
    package let label: String
    package let type: V4L2ControlType
    package let minimum: Int64
    package let maximum: Int64
    package let step: UInt64
    package let defaultValue: Int64
    /// The current value; nil for buttons, classes, strings, write-only and compound controls,
    /// and when reading it failed.
    package let value: Int64?
    /// The current value of a string control.
    package let stringValue: String?
    package let flags: V4L2ControlFlags
    /// The items of a `menu` or `integerMenu` control; indexes the driver skips are absent.
    package let menuItems: [V4L2MenuItem]

    package init(id: UInt32, name: String, label: String, type: V4L2ControlType, minimum: Int64, maximum: Int64,
                step: UInt64, defaultValue: Int64, value: Int64?, stringValue: String? = nil,
                flags: V4L2ControlFlags, menuItems: [V4L2MenuItem] = []) {
        self.id = id
        self.name = name
        self.label = label
        self.type = type
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.value = value
        self.stringValue = stringValue
        self.flags = flags
        self.menuItems = menuItems
    }

    package var isDisabled: Bool { flags.contains(.disabled) }
    package var isReadOnly: Bool { flags.contains(.readOnly) }
    package var isWriteOnly: Bool { flags.contains(.writeOnly) }
    package var isInactive: Bool { flags.contains(.inactive) }
    package var isVolatile: Bool { flags.contains(.volatile) }

    /// The menu item whose name, normalised or not, matches `text` (case-insensitive).
    package func menuItem(named text: String) -> V4L2MenuItem? {
        let wanted = V4L2ControlName.normalize(text)
        return menuItems.first { item in
            guard let name = item.name else { return false }
            return name == text || V4L2ControlName.normalize(name) == wanted
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, label, type, minimum, maximum, step, defaultValue = "default", value, stringValue, flags, menuItems
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UInt32.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        label = try container.decode(String.self, forKey: .label)
        type = try container.decode(V4L2ControlType.self, forKey: .type)
        minimum = try container.decode(Int64.self, forKey: .minimum)
        maximum = try container.decode(Int64.self, forKey: .maximum)
        step = try container.decode(UInt64.self, forKey: .step)
        defaultValue = try container.decode(Int64.self, forKey: .defaultValue)
        value = try container.decodeIfPresent(Int64.self, forKey: .value)
        stringValue = try container.decodeIfPresent(String.self, forKey: .stringValue)
        flags = V4L2ControlFlags(names: try container.decode([String].self, forKey: .flags))
        menuItems = try container.decodeIfPresent([V4L2MenuItem].self, forKey: .menuItems) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(label, forKey: .label)
        try container.encode(type, forKey: .type)
        try container.encode(minimum, forKey: .minimum)
        try container.encode(maximum, forKey: .maximum)
        try container.encode(step, forKey: .step)
        try container.encode(defaultValue, forKey: .defaultValue)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(stringValue, forKey: .stringValue)
        try container.encode(flags.names, forKey: .flags)
        if !menuItems.isEmpty { try container.encode(menuItems, forKey: .menuItems) }
    }
}
