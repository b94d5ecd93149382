import CamschedCore
import CamschedFiling
import CamschedJobs
import CamschedScheduler
import Foundation

/// Builds `GET /api/status`'s ``StatusAnswer`` from the jobs, the board and the frame taps.
struct StatusDocument {
    let listings: [JobListing]
    let board: [String: JobStatus]
    let taps: [String: FrameTap]
    let now: Date

    func answer() -> StatusAnswer {
        let worst = listings.compactMap { board[$0.name] }.filter { $0.phase != .idle }
            .max { StatusBoard.rank($0.pressureLevel) < StatusBoard.rank($1.pressureLevel) }
        let roots = Array(Set(listings.map(\.root.path))).sorted()
        let disks = roots.map { StatusAnswer.Disk(root: OrNull($0), freeBytes: OrNull(Self.freeBytes($0))) }
        let pressure = StatusAnswer.Pressure(
            level: worst?.pressureLevel ?? "nominal",
            sources: worst.map { $0.pressureLevel == "nominal" ? [] : Self.sources($0.pressureReason) } ?? [])
        return StatusAnswer(version: CamschedVersion.current, host: ProcessInfo.processInfo.hostName, time: now,
                            jobs: listings.map(job), pressure: pressure,
                            disk: disks.first ?? StatusAnswer.Disk(root: OrNull(nil), freeBytes: OrNull(nil)), disks: disks)
    }

    private func job(_ listing: JobListing) -> StatusAnswer.Job {
        let status = board[listing.name] ?? JobStatus()
        let tap = taps[listing.name]
        let running = status.phase != .idle
        let stills = status.stills.enumerated().map { index, still in
            StatusAnswer.Still(url: "/jobs/\(Self.escaped(listing.name))/stills/\(index)", file: still.relativePath, at: still.at)
        }
        let samples = status.samples.samples.map { sample in
            StatusAnswer.Sample(at: sample.at, fps: (sample.fps * 100).rounded() / 100, dropped: sample.dropped, pressure: sample.pressure)
        }
        let fpsTarget = status.fpsInForce ?? listing.requestedFPS ?? tap.flatMap { $0.cameraFPS > 0 ? $0.cameraFPS : nil }
        return StatusAnswer.Job(
            name: listing.name, kind: listing.kind, state: status.state(scheduledRunning: listing.isRunning),
            nextFireAt: OrNull(listing.nextFireAt),
            lastRun: OrNull(status.lastRun.map { .init(id: $0.id, status: $0.status, endedAt: $0.endedAt, files: $0.files) }),
            run: OrNull(running ? status.runID : nil), runStartedAt: OrNull(running ? status.runStartedAt : nil),
            streaming: tap?.isStreaming ?? false, fps: (status.fps * 100).rounded() / 100, fpsTarget: OrNull(fpsTarget),
            framesCaptured: tap?.framesSeen ?? 0, droppedFrames: max(0, (tap?.framesDropped ?? 0) - status.droppedAtRunStart),
            filesThisRun: status.filesThisRun, pressure: status.pressureLevel, samples: samples, stills: stills,
            every: OrNull(listing.intervalSeconds), nextShotAt: OrNull(nextShot(listing, status)),
            root: listing.root.path, retention: Self.retention(listing.retention))
    }

    /// A running interval job's next shot: its newest still's time plus the period.
    private func nextShot(_ listing: JobListing, _ status: JobStatus) -> Date? {
        guard status.phase != .idle, let every = listing.intervalSeconds, let newest = status.stills.first?.at,
              let started = status.runStartedAt, newest >= started else { return nil }
        return newest.addingTimeInterval(every)
    }

    static func retention(_ spec: RetentionSpec) -> StatusAnswer.Retention {
        StatusAnswer.Retention(maxAgeSeconds: spec.maxAge.map { Double($0.components.seconds) }, maxSize: spec.maxSize,
                               minFree: spec.minFree)
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
