internal import CLibcameraAPI

/// A control a camera offers: its type, limits and default, as libcamera's `ControlInfo` gives them.
package struct LibcameraControlInfo: Sendable, Equatable, Codable {
    package var name: String
    package var type: LibcameraValueType
    package var isArray: Bool
    package var minimum: LibcameraValue
    package var maximum: LibcameraValue
    package var defaultValue: LibcameraValue?
    /// The values a menu-like control lists (`AfMode`: 0 manual, 1 auto, 2 continuous).
    package var listedValues: [Int32]

    /// The control's known name, when camsched knows it.
    package var known: LibcameraControlName? { LibcameraControlName(rawValue: name) }

    init(_ info: csl_control_info) {
        name = LibcameraCall.text(tuple: info.name)
        type = LibcameraValueType(rawValue: info.type) ?? .none
        isArray = info.is_array != 0
        minimum = LibcameraValue(info.min)
        maximum = LibcameraValue(info.max)
        defaultValue = info.has_default != 0 ? LibcameraValue(info.def) : nil
        let listed = withUnsafeBytes(of: info.enum_values) { Array($0.bindMemory(to: Int32.self)) }
        listedValues = Array(listed.prefix(Int(max(0, min(info.enum_count, 16)))))
    }
}
