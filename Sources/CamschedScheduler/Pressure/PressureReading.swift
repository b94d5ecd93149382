/// One source's view of system pressure, with the reason for messages and metadata.
package struct PressureReading: Sendable, Equatable {
    package var source: String
    package var level: PressureLevel
    package var reason: String

    package init(source: String, level: PressureLevel, reason: String) {
        self.source = source
        self.level = level
        self.reason = reason
    }
}
