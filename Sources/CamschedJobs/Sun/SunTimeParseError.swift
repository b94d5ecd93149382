/// Why a sun-relative time (`"sunset+30m"`) could not be read; `description` is the message.
public struct SunTimeParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `"sunrse" is not a sun event; did you mean "sunrise"?`.
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
