/// A control's value as a job's `camera.controls` gives it: a number, or a menu item's name.
///
/// JSON `true`/`false` are read as 1/0 for boolean controls.
package enum JobControlValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int64)
    /// A real number: a libcamera control's (`Brightness`: -1…1, `AnalogueGain`).
    case real(Double)
    case text(String)

    package var description: String {
        switch self {
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let text): text
        }
    }
}
