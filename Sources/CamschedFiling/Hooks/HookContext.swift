/// What a hook is told through its environment.
package struct HookContext: Sendable, Equatable {
    /// `CAMSCHED_JOB`.
    package var job: String
    /// `CAMSCHED_RUN`.
    package var run: String
    /// `CAMSCHED_FILE`: the file's absolute path (empty when the event has no file).
    package var file: String?
    /// `CAMSCHED_SIDECAR`: the sidecar's absolute path (empty when there is none).
    package var sidecar: String?
    /// `CAMSCHED_KIND`: `still`, `burst`, `segment`, `timelapse` (empty when no file).
    package var kind: String?
    /// `CAMSCHED_REHEARSAL=1`: the run is a rehearsal (`camsched run --at`), its files simulated.
    package var rehearsal = false

    /// Describes a hook's context.
    package init(job: String, run: String, file: String? = nil, sidecar: String? = nil, kind: String? = nil) {
        self.job = job
        self.run = run
        self.file = file
        self.sidecar = sidecar
        self.kind = kind
    }

    /// The `CAMSCHED_*` variables for `event`.
    package func environment(event: HookEvent) -> [String: String] {
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
