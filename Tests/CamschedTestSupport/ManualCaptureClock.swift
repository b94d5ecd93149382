import CamschedCapture
import Foundation
import Synchronization

/// A clock that only moves when told to — or when someone sleeps on it: sleeping jumps to the
/// deadline at once, so a run of minutes takes milliseconds and its timing is exact.
package final class ManualCaptureClock: CaptureClock {
    private let state: Mutex<Int64>
    package let wallOrigin: Date

    package init(start: Int64 = 1_000_000_000_000, wallOrigin: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex(start)
        self.wallOrigin = wallOrigin
    }

    private var origin: Int64 { 1_000_000_000_000 }

    package func monotonicNanoseconds() -> Int64 { state.withLock { $0 } }

    package func now() -> Date { wall(monotonicNanoseconds()) }

    /// The wall-clock time of a monotonic instant.
    package func wall(_ monotonic: Int64) -> Date { wallOrigin.addingTimeInterval(Double(monotonic - origin) / 1e9) }

    package func sleep(untilMonotonic deadline: Int64) { advance(to: deadline) }

    package func advance(to time: Int64) { state.withLock { $0 = max($0, time) } }
}
