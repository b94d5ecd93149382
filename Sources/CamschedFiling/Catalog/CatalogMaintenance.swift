import Foundation
import Glibc

/// Keeping the catalog true to the root: checking it against the files (``verify(root:checkHashes:)``)
/// and adopting files filed without a row (``adoptFilesWithSidecars(job:excludingRun:files:)``).
/// Rebuilding a catalog from the sidecars is ``CatalogRebuild``'s; pruning, ``Retention``'s.
package struct CatalogMaintenance: Sendable {
    let store: CatalogStore

    var files: CatalogFiles { CatalogFiles(store: store) }

    /// Checks the root against the catalog: every catalogued, not deleted file exists with
    /// its recorded size and SHA-256; every file under the root is known. Ignored: the
    /// catalog's own files (`catalog.sqlite*`), the sidecars (`NAME.EXT.json`) of known files
    /// and `latest.*` links. `*.partial` files are reported separately.
    /// - Parameters:
    ///   - root: the root to check; the catalog's own root when `nil`.
    ///   - checkHashes: `false` compares sizes only (fast).
    package func verify(root: URL? = nil, checkHashes: Bool = true) throws(CatalogError) -> VerifyReport {
        let rootPath = (root ?? store.root).standardizedFileURL.path
        let entries = try files.list(job: nil, includeDeleted: false)
        var report = VerifyReport()
        let known = Set(entries.map(\.file))
        for entry in entries {
            report.checked += 1
            let path = rootPath + "/" + entry.file
            let status: stat?
            do {
                status = try FilingCall.status(path)
            } catch {
                report.unreadable[entry.file] = error.description
                continue
            }
            guard let status else {
                report.missing.append(entry)
                continue
            }
            let size = Int64(status.st_size)
            if size != entry.bytes {
                report.mismatched.append(.init(entry: entry, actualBytes: size, actualSHA256: nil))
                continue
            }
            guard checkHashes else { continue }
            do {
                let digest = try SHA256Digest.ofFile(atPath: path).hex
                if digest != entry.sha256 {
                    report.mismatched.append(.init(entry: entry, actualBytes: size, actualSHA256: digest))
                }
            } catch {
                report.unreadable[entry.file] = error.description
            }
        }
        let scan = RootScan(root: rootPath)
        for file in scan.files where !known.contains(file) {
            if file.hasSuffix(".json"), known.contains(String(file.dropLast(5))) { continue }
            report.unknownFiles.append(file)
        }
        report.unknownFiles += scan.others
        for partial in scan.partials {
            if PartialLock.isInUse(rootPath + "/" + partial) {
                report.partialsInUse.append(partial)
            } else {
                report.stalePartials.append(partial)
            }
        }
        return report
    }
}
