/// How much of one hook run's output reaches camsched's log: at most ``lines`` lines and
/// ``bytes`` bytes (newlines included), whichever comes first; the rest is read and discarded,
/// and one line says how many bytes that was.
package struct HookOutputLimit: Sendable, Equatable {
    /// Lines logged at most.
    package var lines: Int
    /// Bytes of output logged at most.
    package var bytes: Int

    /// - Parameters:
    ///   - lines: lines logged at most (at least 1).
    ///   - bytes: bytes logged at most (at least 1).
    package init(lines: Int, bytes: Int) {
        self.lines = max(1, lines)
        self.bytes = max(1, bytes)
    }

    /// 200 lines or 64 KiB per hook run.
    package static let standard = HookOutputLimit(lines: 200, bytes: 64 * 1024)
}
