import Foundation
import Synchronization

/// The live progress line on stderr, drawn only when stderr is a terminal: captures
/// done/total, elapsed and remaining time, fps actual/target, dropped frames, pressure level.
/// It knows only what the run's events say (``ProgressLine/receive(_:)``): the capture modes
/// publish their plan and rate, they never write to it.
package final class ProgressLine: Sendable {
    package struct State: Sendable, Equatable {
        package var done = 0
        package var total: Int?
        package var started = Date()
        package var expectedEnd: Date?
        package var fpsActual: Double?
        package var fpsTarget: Double?
        package var dropped = 0
        package var pressure = "nominal"
        package init() {}
    }

    private let enabled: Bool
    private let state = Mutex(State())
    private let lastDraw = Mutex(Date.distantPast)

    /// `enabled` false for `--no-progress` and `--json` (`run` decides); never drawn when stderr is
    /// not a terminal.
    package init(enabled: Bool) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    /// What the line shows now (kept whether or not it is drawn).
    package var current: State { state.withLock { $0 } }

    /// Changes the state and redraws the line, at most four times a second.
    func update(_ change: (inout State) -> Void) {
        let snapshot = state.withLock { value -> State in
            change(&value)
            return value
        }
        guard enabled else { return }
        let now = Date()
        let due = lastDraw.withLock { last -> Bool in
            if now.timeIntervalSince(last) < 0.25 { return false }
            last = now
            return true
        }
        if due { StandardStream.error.write("\r\u{1B}[K" + Self.line(snapshot, now: now)) }
    }

    /// The line's text for `s` at `now`.
    static func line(_ s: State, now: Date) -> String {
        var parts = ["\(s.done)" + (s.total.map { "/\($0)" } ?? "")]
        parts.append("elapsed " + ProgressLine.clock(now.timeIntervalSince(s.started)))
        if let end = s.expectedEnd { parts.append("remaining " + ProgressLine.clock(max(0, end.timeIntervalSince(now)))) }
        if let actual = s.fpsActual {
            parts.append(String(format: "fps %.1f", actual) + (s.fpsTarget.map { String(format: "/%.0f", $0) } ?? ""))
        }
        parts.append("dropped \(s.dropped)")
        parts.append("pressure \(s.pressure)")
        return parts.joined(separator: "  ")
    }

    /// Clears the line (at the end of a run).
    package func finish() {
        guard enabled else { return }
        StandardStream.error.write("\r\u{1B}[K")
    }

    static func clock(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d:%02d", total / 3600, (total / 60) % 60, total % 60)
    }
}
