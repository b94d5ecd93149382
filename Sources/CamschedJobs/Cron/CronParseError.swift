/// Why a cron expression could not be parsed: the field (if one is to blame) and the reason.
package struct CronParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field at fault, or `nil` for problems with the whole expression (wrong field count).
    package var field: CronField?
    /// The field's text as written (empty when `field` is `nil`).
    package var text: String
    /// What is wrong, e.g. `60 is out of range 0-59`.
    package var reason: String

    /// Creates an error.
    package init(field: CronField?, text: String, reason: String) {
        self.field = field
        self.text = text
        self.reason = reason
    }

    /// For example `minute field "60": 60 is out of range 0-59`.
    package var description: String {
        guard let field else { return reason }
        return "\(field) field \"\(text)\": \(reason)"
    }
}
