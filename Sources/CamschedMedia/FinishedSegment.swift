import Foundation

/// One file of a segmented recording, complete and ready to be filed.
public struct FinishedSegment: Sendable {
    /// 0 for the first file of the recording, then 1, 2, ….
    public let index: Int
    /// The file (the partial path the caller handed out), finished.
    public let path: URL
    /// What it holds; `firstPts` starts at 0 in every segment.
    public let stats: MovieStats
    /// Why the final remux to a plain MP4 failed, if it did; the file is then still a
    /// complete fragmented MP4 that plays.
    public let finalizationError: String?
}
