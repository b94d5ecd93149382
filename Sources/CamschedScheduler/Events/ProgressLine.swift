import Foundation
import Synchronization

/// The live progress line on stderr, drawn only when stderr is a terminal: captures
/// done/total, elapsed and remaining time, fps actual/target, dropped frames, pressure level.
public final class ProgressLine: Sendable {
    public struct State: Sendable {
        public var done = 0
        public var total: Int?
        public var started = Date()
        public var expectedEnd: Date?
        public var fpsActual: Double?
        public var fpsTarget: Double?
        public var dropped = 0
        public var pressure = "nominal"
        public init() {}
    }

    private let enabled: Bool
    private let state = Mutex(State())
    private let lastDraw = Mutex(Date.distantPast)

    /// `enabled` false for `--no-progress` and `--json` (`run` decides); never drawn when stderr is
    /// not a terminal.
    public init(enabled: Bool) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    public func update(_ change: (inout State) -> Void) {
        guard enabled else { return }
        let snapshot = state.withLock { value -> State in
            change(&value)
            return value
        }
        let now = Date()
        let due = lastDraw.withLock { last -> Bool in
            if now.timeIntervalSince(last) < 0.25 { return false }
            last = now
            return true
        }
        if due { draw(snapshot, now: now) }
    }

    private func draw(_ s: State, now: Date) {
        var parts = ["\(s.done)" + (s.total.map { "/\($0)" } ?? "")]
        parts.append("elapsed " + ProgressLine.clock(now.timeIntervalSince(s.started)))
        if let end = s.expectedEnd { parts.append("remaining " + ProgressLine.clock(max(0, end.timeIntervalSince(now)))) }
        if let actual = s.fpsActual {
            parts.append(String(format: "fps %.1f", actual) + (s.fpsTarget.map { String(format: "/%.0f", $0) } ?? ""))
        }
        parts.append("dropped \(s.dropped)")
        parts.append("pressure \(s.pressure)")
        let line = "\r\u{1B}[K" + parts.joined(separator: "  ")
        StandardStream.error.write(line)
    }

    /// Clears the line (at the end of a run).
    public func finish() {
        guard enabled else { return }
        StandardStream.error.write("\r\u{1B}[K")
    }

    static func clock(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d:%02d", total / 3600, (total / 60) % 60, total % 60)
    }
}
