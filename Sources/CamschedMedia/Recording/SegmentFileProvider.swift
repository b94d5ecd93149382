import Foundation

/// Where a ``MovieRecorder`` writes its files (segments or clips) and whom it hands them to. The Media layer
/// knows nothing of filing: the provider reserves partial files and files finished ones.
package protocol SegmentFileProvider: Sendable {
    /// A new, empty partial file for file `index` of the recording, opened at `date`.
    /// - Throws: when no file can be created (the writer passes the error on).
    func reserve(index: Int, date: Date) throws -> URL
    /// A finished file, handed over in order on the writer's finishing queue.
    func finished(_ segment: FinishedSegment)
    /// A reserved file that holds nothing: the provider removes it.
    func abandon(index: Int)
}
