import Synchronization

/// Records that a frame's memory was handed back.
final class ReleaseFlag: Sendable {
    private let released = Atomic<Bool>(false)

    func set() { released.store(true, ordering: .sequentiallyConsistent) }

    var isSet: Bool { released.load(ordering: .sequentiallyConsistent) }
}
