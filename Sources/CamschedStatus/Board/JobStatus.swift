import Foundation

/// What the status board knows about one job, learnt from its runs' events.
struct JobStatus: Sendable {
    enum Phase: Sendable { case idle, running, waitingForCamera }

    struct LastRun: Sendable {
        var id, status: String
        var endedAt: Date
        var files: Int
    }

    struct Still: Sendable {
        var path: URL
        var relativePath: String
        var at: Date
    }

    static let stillsKept = 6

    var phase = Phase.idle
    var throttled = false
    var runID: String?
    /// The running (or last) run's capture kind: `interval`, `burst`, `record`, `trigger`.
    var kind: String?
    var runStartedAt: Date?
    var lastRun: LastRun?
    var pressureLevel = "nominal"
    var pressureReason = ""
    var fpsInForce: Double?
    /// The job's `camera.fps`, when it names one.
    var requestedFPS: Double?
    var filesThisRun = 0
    var samples = SampleRing()
    /// Newest first.
    var stills: [Still] = []
    /// Every kind of file this process filed for the job, newest first (the file browser's
    /// list for a job without a catalog).
    var filed: [FiledFile] = []
    // Sampling of the job's frame tap.
    var framesAtSample = 0
    var droppedAtSample = 0
    var droppedAtRunStart = 0
    var sampledAt: Date?
    var fps: Double = 0
    var framesReported = 0
    var droppedReported = 0

    /// `idle`, `running`, `waiting for camera` or `throttled` (SPEC section 6).
    func state(scheduledRunning: Bool) -> String {
        switch phase {
        case .waitingForCamera: return "waiting for camera"
        case .running: return throttled ? "throttled" : "running"
        case .idle: return scheduledRunning ? "waiting for camera" : "idle"
        }
    }

    mutating func keep(_ still: Still) {
        stills.insert(still, at: 0)
        if stills.count > Self.stillsKept { stills.removeLast(stills.count - Self.stillsKept) }
    }

    mutating func keep(_ file: FiledFile) {
        filed.insert(file, at: 0)
        if filed.count > FiledFiles.listed { filed.removeLast(filed.count - FiledFiles.listed) }
    }
}
