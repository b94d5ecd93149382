/// What a hook is told through its environment.
public struct HookContext: Sendable, Equatable {
    /// `CAMSCHED_JOB`.
    public var job: String
    /// `CAMSCHED_RUN`.
    public var run: String
    /// `CAMSCHED_FILE`: the file's absolute path (empty when the event has no file).
    public var file: String?
    /// `CAMSCHED_SIDECAR`: the sidecar's absolute path (empty when there is none).
    public var sidecar: String?
    /// `CAMSCHED_KIND`: `still`, `burst`, `segment`, `timelapse` (empty when no file).
    public var kind: String?
    /// `CAMSCHED_REHEARSAL=1`: the run is a rehearsal (`camsched run --at`), its files simulated.
    public var rehearsal = false

    /// Describes a hook's context.
    public init(job: String, run: String, file: String? = nil, sidecar: String? = nil, kind: String? = nil) {
        self.job = job
        self.run = run
        self.file = file
        self.sidecar = sidecar
        self.kind = kind
    }

    /// The `CAMSCHED_*` variables for `event`.
    public func environment(event: HookEvent) -> [String: String] {
        var variables = [
            "CAMSCHED_EVENT": event.rawValue,
            "CAMSCHED_JOB": job,
            "CAMSCHED_RUN": run,
            "CAMSCHED_FILE": file ?? "",
            "CAMSCHED_SIDECAR": sidecar ?? "",
            "CAMSCHED_KIND": kind ?? "",
        ]
        if rehearsal { variables["CAMSCHED_REHEARSAL"] = "1" }
        return variables
    }
}
