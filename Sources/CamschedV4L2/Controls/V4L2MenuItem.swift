/// One item of a menu control: a name, or a value for integer menus (`VIDIOC_QUERYMENU`).
package struct V4L2MenuItem: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The value to set the control to for this item.
    package let index: Int64
    /// The item's name, for `menu` controls.
    package let name: String?
    /// The item's value, for `integerMenu` controls.
    package let value: Int64?

    package init(index: Int64, name: String? = nil, value: Int64? = nil) {
        self.index = index
        self.name = name
        self.value = value
    }

    package var description: String {
        if let name { return "\(index): \(name)" }
        if let value { return "\(index): \(value)" }
        return "\(index)"
    }
}
