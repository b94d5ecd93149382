/// A JSON syntax error with the position where parsing stopped.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var location: SourceLocation
    var message: String
}
