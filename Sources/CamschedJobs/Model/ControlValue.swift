/// The value of a V4L2 control in `camera.controls`: a number, or a menu item's name.
///
/// JSON `true`/`false` are read as 1/0 for boolean controls.
package enum ControlValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int64)
    case text(String)

    package var description: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let text): text
        }
    }
}
