/// The value of a V4L2 control in `camera.controls`: a number, or a menu item's name.
///
/// JSON `true`/`false` are read as 1/0 for boolean controls.
public enum ControlValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int64)
    case text(String)

    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let text): text
        }
    }
}
