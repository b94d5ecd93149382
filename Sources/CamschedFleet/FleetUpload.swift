import CamschedCore
import CamschedFiling
import Foundation
import Logging
import PostgresNIO

/// Writes a batch of queued rows to the fleet catalog in one transaction, one statement per
/// table (arrays unnested on the server: one round trip however many rows). Idempotent: a
/// row sent twice (camsched killed between the commit and marking it sent) updates itself.
enum FleetUpload {
    /// Sends the batch and commits.
    static func send(_ batch: FleetQueueBatch, on connection: PostgresConnection, logger: Logger) async throws {
        let files = latestPerKey(batch.files, key: { "\($0.node)\u{0}\($0.entry.file)" })
        let runs = latestPerKey(batch.runs, key: { "\($0.node)\u{0}\($0.run.id)" })
        guard !files.isEmpty || !runs.isEmpty else { return }
        try await connection.withTransaction(logger: logger) { connection in
            if !files.isEmpty { try await connection.query(filesStatement(files), logger: logger) }
            if !runs.isEmpty { try await connection.query(runsStatement(runs), logger: logger) }
        }
    }

    /// One row per key (the newest change): PostgreSQL refuses to update a row twice in one
    /// statement.
    static func latestPerKey<T>(_ rows: [T], key: (T) -> String) -> [T] {
        var index: [String: Int] = [:]
        var kept: [T] = []
        for row in rows {
            if let at = index[key(row)] { kept[at] = row } else {
                index[key(row)] = kept.count
                kept.append(row)
            }
        }
        return kept
    }

    private static func stamp(_ date: Date?) -> String { date.map(RFC3339Timestamp.string(from:)) ?? "" }

    static func filesStatement(_ files: [FleetQueueBatch.File]) -> PostgresQuery {
        let e = files.map(\.entry)
        let nodes = files.map(\.node), names = e.map(\.file), jobs = e.map(\.job), runs = e.map(\.run), kinds = e.map(\.kind)
        let bytes = e.map(\.bytes), hashes = e.map(\.sha256), started = e.map { stamp($0.startedAt) }
        let ended = e.map { stamp($0.endedAt) }, recorded = e.map { stamp($0.recordedAt) }, deleted = e.map { stamp($0.deletedAt) }
        let reasons = e.map { $0.deletedReason ?? "" }, recovered = e.map(\.recovered), sidecars = e.map(\.sidecarJSON)
        return """
            INSERT INTO camsched_files AS f (node, file, job, run, kind, bytes, sha256, started_at, ended_at, recorded_at,
                deleted_at, deleted_reason, recovered, sidecar, synced_at)
            SELECT node, file, job, run, kind, bytes, sha256, started::timestamptz, ended::timestamptz, recorded::timestamptz,
                NULLIF(deleted, '')::timestamptz, NULLIF(reason, ''), recovered, sidecar::jsonb, now()
            FROM unnest(\(nodes)::text[], \(names)::text[], \(jobs)::text[], \(runs)::text[], \(kinds)::text[], \(bytes)::bigint[],
                \(hashes)::text[], \(started)::text[], \(ended)::text[], \(recorded)::text[], \(deleted)::text[], \(reasons)::text[],
                \(recovered)::boolean[], \(sidecars)::text[])
                AS u(node, file, job, run, kind, bytes, sha256, started, ended, recorded, deleted, reason, recovered, sidecar)
            ON CONFLICT (node, file) DO UPDATE SET job = EXCLUDED.job, run = EXCLUDED.run, kind = EXCLUDED.kind,
                bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256, started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at,
                recorded_at = EXCLUDED.recorded_at, deleted_at = EXCLUDED.deleted_at, deleted_reason = EXCLUDED.deleted_reason,
                recovered = EXCLUDED.recovered, sidecar = EXCLUDED.sidecar, synced_at = now()
            WHERE EXCLUDED.recorded_at >= f.recorded_at
            """
    }

    static func runsStatement(_ runs: [FleetQueueBatch.Run]) -> PostgresQuery {
        let r = runs.map(\.run)
        let nodes = runs.map(\.node), ids = r.map(\.id), jobs = r.map(\.job), started = r.map { stamp($0.startedAt) }
        let ended = r.map { stamp($0.endedAt) }, statuses = r.map(\.status.rawValue)
        let codes = r.map { $0.exitCode.map(String.init) ?? "" }, hosts = r.map { $0.host ?? "" }
        let pids = r.map { $0.pid.map(String.init) ?? "" }
        return """
            INSERT INTO camsched_runs (node, id, job, started_at, ended_at, status, exit_code, host, pid, synced_at)
            SELECT node, id, job, started::timestamptz, NULLIF(ended, '')::timestamptz, status, NULLIF(code, '')::integer,
                NULLIF(host, ''), NULLIF(pid, '')::integer, now()
            FROM unnest(\(nodes)::text[], \(ids)::text[], \(jobs)::text[], \(started)::text[], \(ended)::text[], \(statuses)::text[],
                \(codes)::text[], \(hosts)::text[], \(pids)::text[]) AS u(node, id, job, started, ended, status, code, host, pid)
            ON CONFLICT (node, id) DO UPDATE SET job = EXCLUDED.job, started_at = EXCLUDED.started_at,
                ended_at = EXCLUDED.ended_at, status = EXCLUDED.status, exit_code = EXCLUDED.exit_code, host = EXCLUDED.host,
                pid = EXCLUDED.pid, synced_at = now()
            """
    }
}
