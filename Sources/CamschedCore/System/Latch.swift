import Dispatch
import Synchronization

/// A one-shot signal that any number of threads wait for: closed until ``open()``, then open
/// for good. What a wait for "it has happened" uses instead of polling a flag.
package final class Latch: Sendable {
    private let group = DispatchGroup()
    private let opened = Atomic<Bool>(false)

    package init() { group.enter() }

    /// A group released while entered is a libdispatch crash: open it on the way out.
    deinit { open() }

    /// Opens the latch (once; later calls do nothing) and wakes every waiter.
    package func open() {
        if !opened.exchange(true, ordering: .acquiringAndReleasing) { group.leave() }
    }

    package var isOpen: Bool { opened.load(ordering: .acquiring) }

    /// Blocks until the latch is open or `deadline` passes; whether it opened.
    @discardableResult
    package func wait(until deadline: DispatchTime) -> Bool {
        group.wait(timeout: deadline) == .success
    }

    /// Waits, off Swift's cooperative threads, until the latch is open or `seconds` passed.
    @discardableResult
    package func wait(seconds: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.wait(until: .now() + seconds)) }
        }
    }
}
