import CamschedFiling
import Foundation

/// The files of a job that the page lists and the server sends: those its catalog says were
/// filed and not deleted, or, for a job without a catalog, those this process filed (the
/// board's list). Nothing else under the root is ever sent: not a file camsched did not file,
/// not a sidecar, not the catalog itself.
enum FiledFiles {
    /// How many of the newest files the browser lists.
    static let listed = 24

    /// The job's newest files, newest first.
    /// The catalog's rows and this process's own list together: a row the catalog writer has
    /// not committed yet still shows.
    static func newest(_ listing: JobListing, board: JobStatus?) -> [FiledFile] {
        var files = board?.filed ?? []
        if listing.catalog, let catalog = try? Catalog.open(root: listing.root, busyTimeout: .seconds(2), readOnly: true),
           let entries = try? catalog.files.list(job: listing.name) {
            let known = Set(files.map(\.relativePath))
            files += entries.filter { !known.contains($0.file) }.map {
                FiledFile(relativePath: $0.file, kind: $0.kind, bytes: $0.bytes, at: $0.startedAt)
            }
        }
        return Array(files.sorted { $0.at > $1.at }.prefix(listed))
    }

    /// The filed file at `relativePath`, if the job filed it (and has not deleted it).
    static func lookup(_ relativePath: String, of listing: JobListing, board: JobStatus?) -> FiledFile? {
        if let known = board?.filed.first(where: { $0.relativePath == relativePath }) { return known }
        guard listing.catalog, let catalog = try? Catalog.open(root: listing.root, busyTimeout: .seconds(2), readOnly: true),
              let entry = try? catalog.files.entry(file: relativePath), entry.job == listing.name, entry.deletedAt == nil else {
            return nil
        }
        return FiledFile(relativePath: entry.file, kind: entry.kind, bytes: entry.bytes, at: entry.startedAt)
    }
}
