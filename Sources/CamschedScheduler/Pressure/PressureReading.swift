/// One source's view of system pressure, with the reason for messages and metadata.
public struct PressureReading: Sendable, Equatable {
    public var source: String
    public var level: PressureLevel
    public var reason: String

    public init(source: String, level: PressureLevel, reason: String) {
        self.source = source
        self.level = level
        self.reason = reason
    }
}
