import Foundation

/// One file of a recording, complete, playable and ready to be filed.
package struct FinishedSegment: Sendable {
    /// 0 for the first file of the recording, then 1, 2, ….
    package let index: Int
    /// The file (the partial path the provider handed out), finished.
    package let path: URL
    /// What it holds; `firstPts` starts at 0 in every file.
    package let stats: MovieStats
    /// What the file spans on the wall clock: from its first frame to the next file's first
    /// frame, or to one frame interval after its own last frame. Consecutive files never overlap.
    package let startedAt: Date
    package let endedAt: Date
    /// Frames the span should have held at the rate in force but the file lacks (lost by the
    /// driver or discarded for a late encoder): `frames + droppedFrames` is the span at that rate.
    package let droppedFrames: Int
    /// The measured frame rate of this file: frames over its span.
    package let measuredFPS: Double
    /// Why the file ends early (`"disk full"`), when it does; it then holds every complete
    /// fragment that fitted and plays.
    package let truncated: String?
    /// Why the final remux to a plain MP4 failed, if it did; the file is then a complete
    /// fragmented MP4 that plays.
    package let finalizationError: String?
}
