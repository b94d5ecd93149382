@testable import CamschedMedia
import Foundation
import Synchronization

/// Gathers the segments a recorder reports from its background queue.
final class SegmentCollector: Sendable {
    private let storage = Mutex<[FinishedSegment]>([])

    func add(_ segment: FinishedSegment) { storage.withLock { $0.append(segment) } }

    var segments: [FinishedSegment] { storage.withLock { $0 } }
}
