@testable import CamschedMedia
import Foundation
import Synchronization

/// A ``SegmentFileProvider`` for tests: partial files in a folder, finished segments gathered.
final class SegmentCollector: SegmentFileProvider {
    let directory: URL
    let fileExtension: String
    private let storage = Mutex<[FinishedSegment]>([])
    private let abandoned = Mutex<[Int]>([])

    init(directory: URL, fileExtension: String) {
        self.directory = directory
        self.fileExtension = fileExtension
    }

    func reserve(index: Int, date: Date) throws -> URL {
        let url = directory.appendingPathComponent(String(format: "seg-%03d.\(fileExtension).partial", index))
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    func finished(_ segment: FinishedSegment) { storage.withLock { $0.append(segment) } }

    func abandon(index: Int) {
        abandoned.withLock { $0.append(index) }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(
            String(format: "seg-%03d.\(fileExtension).partial", index)))
    }

    var segments: [FinishedSegment] { storage.withLock { $0 }.sorted { $0.index < $1.index } }
    var abandonedIndices: [Int] { abandoned.withLock { $0 } }
}
