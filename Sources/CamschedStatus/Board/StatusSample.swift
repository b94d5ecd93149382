import Foundation

/// One second of a running stream, for the page's chart.
package struct StatusSample: Sendable, Equatable {
    package var at: Date
    /// Frames per second the stream delivered over the last sampling period.
    package var fps: Double
    /// Frames dropped in this run so far.
    package var dropped: Int
    /// 0 nominal … 4 shutdown.
    package var pressure: Int
}

/// The newest samples, oldest first, at most `capacity` of them.
struct SampleRing: Sendable {
    static let capacity = 600
    private(set) var samples: [StatusSample] = []

    mutating func append(_ sample: StatusSample) {
        if samples.count >= Self.capacity { samples.removeFirst(samples.count - Self.capacity + 1) }
        samples.append(sample)
    }

    mutating func removeAll() { samples.removeAll(keepingCapacity: true) }
}
