import Foundation

/// A wait on a network camera that was given up before the camera failed: it took too long as a
/// whole (a server that answers a byte at a time never trips a per-read timeout), or camsched
/// is stopping. Told apart from libavformat's own failures (``AVError``), which say what the
/// server did; this says what it did not do in time.
package enum NetworkWaitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being waited for.
    package enum Stage: Sendable, Equatable {
        /// The connection, the server's answer and the first frames (the stream's probe).
        case opening
        /// One whole frame of a running stream.
        case frame
    }

    /// The server kept the connection but did not deliver `stage` within `seconds`.
    case tooSlow(url: String, stage: Stage, seconds: Double)
    /// The wait was given up because camsched is stopping (a signal, the end of the stream).
    case stopped(url: String)

    package var description: String {
        switch self {
        case let .tooSlow(url, .opening, seconds):
            "\(url) did not send its answer and first frames within \(Self.seconds(seconds)) s"
        case let .tooSlow(url, .frame, seconds):
            "\(url) sent no whole frame within \(Self.seconds(seconds)) s"
        case let .stopped(url):
            "the wait for \(url) was given up: camsched is stopping"
        }
    }

    /// `3`, `4.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
