import Foundation
import Glibc

extension PartialRecovery {
    /// Removes what a crash in the middle of a remux can leave: `*.remux` and `*.recovering`
    /// files and `*.partial.remux.*` (their source partial is still there and is recovered
    /// again), when older than `age` so that a live writer's is never touched. Only regular
    /// files of camsched's user are removed, reached without following links.
    /// - Returns: the removed files, relative to the root.
    @discardableResult
    package func removeStaleIntermediates(olderThan age: Duration = .seconds(60)) -> [String] {
        removeStaleIntermediates(olderThan: age, in: RootScan(root: root.path))
    }

    /// The same among the files `scan` found.
    func removeStaleIntermediates(olderThan age: Duration = .seconds(60), in scan: RootScan) -> [String] {
        let cutoff = Date().addingTimeInterval(-Retention.seconds(age))
        var removed: [String] = []
        for relative in scan.files {
            let components = relative.split(separator: "/")
            guard let name = components.last.map(String.init),
                  name.hasSuffix(".remux") || name.hasSuffix(".recovering") || name.contains(".partial.remux."),
                  let folder = try? outputRoot.folder(components.dropLast(), create: false),
                  let status = try? folder.status(name),
                  // The owner is probed (a file written) once, and only for a candidate.
                  (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == outputRoot.ownerOfNewFiles else { continue }
            let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec))
            guard modified < cutoff, (try? folder.remove(name)) != nil else { continue }
            logger.info("removed \(relative), left by an interrupted remux")
            removed.append(relative)
        }
        return removed
    }
}
