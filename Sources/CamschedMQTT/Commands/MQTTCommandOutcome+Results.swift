import CamschedScheduler

/// The outcomes of the actions the commands share with the status server's API: the daemon's
/// run-now (`DaemonScheduler.runNow`) and an external trigger (`ExternalTriggers.fire(job:)`).
extension MQTTCommandOutcome {
    public init(_ result: RunNowResult, job: String) {
        switch result {
        case .started(let runID): self.init(accepted: true, reason: "started run \(runID)")
        case .running: self.init(accepted: false, reason: "\(job) is running already")
        case .unknownJob: self.init(accepted: false, reason: "\(job) is not scheduled")
        }
    }

    public init(_ acceptance: TriggerAcceptance, job: String) {
        switch acceptance {
        case .accepted: self.init(accepted: true, reason: "external event sent")
        case .notATriggerJob: self.init(accepted: false, reason: "\(job) is not a trigger job")
        case .externalOff: self.init(accepted: false, reason: "\(job) takes no external events: set \"external\": true in its trigger")
        case .notRunning: self.init(accepted: false, reason: "\(job) is not running; a trigger counts only while it runs")
        case .unknownJob: self.init(accepted: false, reason: "\(job) is not known")
        }
    }

    /// A snapshot needs the camera, which the job's run holds (or which it opens for its next
    /// run): taking a still beside it is not offered yet.
    public static func snapshotUnsupported(job: String) -> MQTTCommandOutcome {
        MQTTCommandOutcome(accepted: false, reason: "snapshot is not supported: the camera belongs to \(job)'s run; use \"run\" for an interval job's still, or \"trigger\" for a clip")
    }
}
