import CamschedCore
import Foundation
import GRDB

/// One catalogued file: a row of the `files` table.
package struct CatalogEntry: Sendable, Equatable, Identifiable {
    /// The row id.
    package var id: Int64
    /// The job's name.
    package var job: String
    /// The run id.
    package var run: String
    /// `still`, `burst`, `segment` or `timelapse`.
    package var kind: String
    /// The file's path relative to the output root.
    package var file: String
    /// The size recorded when it was filed.
    package var bytes: Int64
    /// The SHA-256 recorded when it was filed.
    package var sha256: String
    /// When the file's capture started.
    package var startedAt: Date
    /// When the file's capture ended.
    package var endedAt: Date
    /// When the row was written.
    package var recordedAt: Date
    /// When the file was deleted (by retention or `markDeleted`); `nil` while it exists.
    package var deletedAt: Date?
    /// Why it was deleted (`maxAge`, `maxSize`, `minFree`, `manual`).
    package var deletedReason: String?
    /// Whether the file was recovered from a partial file.
    package var recovered: Bool
    /// The sidecar, as JSON.
    package var sidecarJSON: String
    /// A trigger job's files: their event as compact JSON (`{at, kind, score, box}`); nil otherwise.
    package var eventJSON: String?
    /// The file had no sidecar when the catalog was rebuilt: it was adopted with what probing
    /// it showed. camsched cannot tell that it filed it (a user's own picture under the root
    /// looks the same), so retention and `catalog prune` never delete it.
    package var adopted: Bool

    /// The sidecar, decoded.
    package func sidecar() throws(SidecarError) -> Sidecar {
        try Sidecar.decode(from: Data(sidecarJSON.utf8))
    }

    init(row: Row) {
        id = row["id"]
        job = row["job"]
        run = row["run"]
        kind = row["kind"]
        file = row["file"]
        bytes = row["bytes"]
        sha256 = row["sha256"]
        startedAt = RFC3339Timestamp.date(from: row["started_at"]) ?? .distantPast
        endedAt = RFC3339Timestamp.date(from: row["ended_at"]) ?? .distantPast
        recordedAt = RFC3339Timestamp.date(from: row["recorded_at"]) ?? .distantPast
        deletedAt = (row["deleted_at"] as String?).flatMap(RFC3339Timestamp.date(from:))
        deletedReason = row["deleted_reason"]
        recovered = row["recovered"]
        sidecarJSON = row["sidecar"]
        eventJSON = row["event"]
        // Absent from catalogs older than "v5-adopted" opened read-only (not migrated).
        adopted = (row["adopted"] as Bool?) ?? false
    }
}
