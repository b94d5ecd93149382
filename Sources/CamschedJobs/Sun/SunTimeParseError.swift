/// Why a sun-relative time (`"sunset+30m"`) could not be read; `description` is the message.
package struct SunTimeParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `"sunrse" is not a sun event; did you mean "sunrise"?`.
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
