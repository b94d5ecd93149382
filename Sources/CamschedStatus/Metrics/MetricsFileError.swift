/// Why `--metrics-file` cannot be written, with what to do about it.
public struct MetricsFileError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
