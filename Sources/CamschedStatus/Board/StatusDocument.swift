import CamschedCore
import CamschedFiling
import CamschedJobs
import CamschedScheduler
import Foundation

/// `GET /api/status` (SPEC section 6): `version`, `host`, `jobs`, `pressure`, `disk`, plus what
/// the page draws (each job's chart samples, newest stills, retention, free space).
struct StatusDocument {
    let listings: [JobListing]
    let board: [String: JobStatus]
    let taps: [String: FrameTap]
    let now: Date

    func object() -> [String: Any] {
        let jobs = listings.map(job)
        let worst = listings.compactMap { board[$0.name] }.filter { $0.phase != .idle }
            .max { StatusBoard.rank($0.pressureLevel) < StatusBoard.rank($1.pressureLevel) }
        let roots = Array(Set(listings.map(\.root.path))).sorted()
        let disks: [[String: Any]] = roots.map { root in
            ["root": root, "freeBytes": Self.freeBytes(root).map { $0 as Any } ?? NSNull()]
        }
        return [
            "version": CamschedVersion.current,
            "host": ProcessInfo.processInfo.hostName,
            "time": RFC3339Timestamp.string(from: now),
            "jobs": jobs,
            "pressure": [
                "level": worst?.pressureLevel ?? "nominal",
                "sources": worst.map { $0.pressureLevel == "nominal" ? [] : Self.sources($0.pressureReason) } ?? [],
            ] as [String: Any],
            "disk": disks.first ?? ["root": NSNull(), "freeBytes": NSNull()],
            "disks": disks,
        ]
    }

    private func job(_ listing: JobListing) -> [String: Any] {
        let status = board[listing.name] ?? JobStatus()
        let tap = taps[listing.name]
        let lastRun: Any = status.lastRun.map { run -> [String: Any] in
            ["id": run.id, "status": run.status, "endedAt": RFC3339Timestamp.string(from: run.endedAt), "files": run.files]
        } ?? NSNull()
        let stills: [[String: Any]] = status.stills.enumerated().map { index, still in
            ["url": "/jobs/\(Self.escaped(listing.name))/stills/\(index)", "file": still.relativePath,
             "at": RFC3339Timestamp.string(from: still.at)]
        }
        let samples: [[String: Any]] = status.samples.samples.map { sample in
            ["at": RFC3339Timestamp.string(from: sample.at), "fps": (sample.fps * 100).rounded() / 100,
             "dropped": sample.dropped, "pressure": sample.pressure]
        }
        return [
            "name": listing.name, "kind": listing.kind,
            "state": status.state(scheduledRunning: listing.isRunning),
            "nextFireAt": listing.nextFireAt.map { RFC3339Timestamp.string(from: $0) as Any } ?? NSNull(),
            "lastRun": lastRun,
            "run": status.phase == .idle ? NSNull() : (status.runID.map { $0 as Any } ?? NSNull()),
            // A first run has no last run to show: the card says since when this one runs.
            "runStartedAt": status.phase == .idle ? NSNull()
                : (status.runStartedAt.map { RFC3339Timestamp.string(from: $0) as Any } ?? NSNull()),
            "streaming": tap?.isStreaming ?? false,
            "fps": (status.fps * 100).rounded() / 100,
            "fpsTarget": (status.fpsInForce ?? listing.requestedFPS ?? tap.flatMap { $0.cameraFPS > 0 ? $0.cameraFPS : nil })
                .map { $0 as Any } ?? NSNull(),
            "framesCaptured": tap?.framesSeen ?? 0,
            "droppedFrames": max(0, (tap?.framesDropped ?? 0) - status.droppedAtRunStart),
            "filesThisRun": status.filesThisRun,
            "pressure": status.pressureLevel,
            "samples": samples, "stills": stills,
            "every": listing.intervalSeconds.map { $0 as Any } ?? NSNull(),
            "nextShotAt": nextShot(listing, status).map { RFC3339Timestamp.string(from: $0) as Any } ?? NSNull(),
            "root": listing.root.path,
            "retention": Self.retention(listing.retention),
        ]
    }

    /// A running interval job's next shot: its newest still's time plus the period.
    private func nextShot(_ listing: JobListing, _ status: JobStatus) -> Date? {
        guard status.phase != .idle, let every = listing.intervalSeconds, let newest = status.stills.first?.at,
              let started = status.runStartedAt, newest >= started else { return nil }
        return newest.addingTimeInterval(every)
    }

    static func retention(_ spec: RetentionSpec) -> [String: Any] {
        var object: [String: Any] = [:]
        if let age = spec.maxAge { object["maxAgeSeconds"] = Double(age.components.seconds) }
        if let size = spec.maxSize { object["maxSize"] = size }
        if let free = spec.minFree { object["minFree"] = free }
        return object
    }

    static func freeBytes(_ root: String) -> Int64? {
        var path = root
        // The root may not exist before the first run: its nearest existing parent is on the same filesystem.
        while !FileManager.default.fileExists(atPath: path), path != "/" { path = (path as NSString).deletingLastPathComponent }
        return try? FilesystemSpace.freeBytes(at: path)
    }

    /// What raised the level, as the pressure monitor said it (`thermal_zone0 at 82.0 °C`); empty when nominal.
    static func sources(_ reason: String) -> [String] {
        reason.isEmpty ? [] : [reason]
    }

    static func escaped(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? name
    }
}
