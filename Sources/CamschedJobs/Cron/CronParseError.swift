/// Why a cron expression could not be parsed: the field (if one is to blame) and the reason.
public struct CronParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field at fault, or `nil` for problems with the whole expression (wrong field count).
    public var field: CronField?
    /// The field's text as written (empty when `field` is `nil`).
    public var text: String
    /// What is wrong, e.g. `60 is out of range 0-59`.
    public var reason: String

    /// Creates an error.
    public init(field: CronField?, text: String, reason: String) {
        self.field = field
        self.text = text
        self.reason = reason
    }

    /// For example `minute field "60": 60 is out of range 0-59`.
    public var description: String {
        guard let field else { return reason }
        return "\(field) field \"\(text)\": \(reason)"
    }
}
