import Foundation
import Synchronization

/// How a rehearsal's simulated monotonic time follows the real one: from the run's start it
/// runs `speed` times as fast, except while paused (``RehearsalClock/pause()``), when it stands
/// still. A list of pieces, each starting at a real time with the simulated time it shows then;
/// a frame stamped in any piece maps through that piece, so frames taken before a pause keep
/// their times.
final class RehearsalTimeline: Sendable {
    private struct Piece {
        var real: Int64
        var simulated: Int64
        var running: Bool
    }

    private struct State {
        var pieces: [Piece]
        var pauses = 0
    }

    let speed: Double
    private let state: Mutex<State>

    /// Both clocks show `origin` at the start.
    init(origin: Int64, speed: Double) {
        self.speed = speed
        state = Mutex(State(pieces: [Piece(real: origin, simulated: origin, running: true)]))
    }

    /// The simulated time at the real time `real`.
    func simulated(_ real: Int64) -> Int64 {
        state.withLock { Self.map(real, $0.pieces, speed: speed) }
    }

    /// Stops the simulated time at `real` (pauses nest: the time runs again at the last resume).
    func pause(at real: Int64) {
        state.withLock { state in
            state.pauses += 1
            guard state.pauses == 1 else { return }
            state.pieces.append(Piece(real: real, simulated: Self.map(real, state.pieces, speed: speed), running: false))
        }
    }

    /// Lets the simulated time run again from `real`.
    func resume(at real: Int64) {
        state.withLock { state in
            guard state.pauses > 0 else { return }
            state.pauses -= 1
            guard state.pauses == 0 else { return }
            state.pieces.append(Piece(real: real, simulated: Self.map(real, state.pieces, speed: speed), running: true))
        }
    }

    private static func map(_ real: Int64, _ pieces: [Piece], speed: Double) -> Int64 {
        // Searched from the newest piece: frames are mapped as they come.
        guard let piece = pieces.last(where: { $0.real <= real }) ?? pieces.first else { return real }
        guard piece.running else { return piece.simulated }
        return piece.simulated &+ Int64((Double(real &- piece.real) * speed).rounded())
    }
}
