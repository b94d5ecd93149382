import CamschedScheduler

/// The outcomes of the actions the commands share with the status server's API: the daemon's
/// run-now (`DaemonScheduler.runNow`) and an external trigger (`ExternalTriggers.fire(job:)`).
extension MQTTCommandOutcome {
    package init(_ result: RunNowResult, job: String) {
        switch result {
        case .started(let runID): self.init(accepted: true, reason: "started run \(runID)")
        case .running: self.init(accepted: false, reason: "\(job) is running already")
        case .unknownJob: self.init(accepted: false, reason: "\(job) is not scheduled")
        }
    }

    package init(_ acceptance: TriggerAcceptance, job: String) {
        switch acceptance {
        case .accepted: self.init(accepted: true, reason: "external event sent")
        case .notATriggerJob: self.init(accepted: false, reason: "\(job) is not a trigger job")
        case .externalOff: self.init(accepted: false, reason: "\(job) takes no external events: set \"external\": true in its trigger")
        case .notRunning: self.init(accepted: false, reason: "\(job) is not running; a trigger counts only while it runs")
        case .unknownJob: self.init(accepted: false, reason: "\(job) is not known")
        }
    }

    /// A snapshot is a run of its own (one still with the job's camera and filing): refused
    /// while the job runs, because the run holds the camera.
    package init(snapshot result: RunNowResult, job: String) {
        switch result {
        case .started(let runID): self.init(accepted: true, reason: "taking a still under run \(runID)")
        case .running: self.init(accepted: false, reason: "\(job) is running and holds the camera; a snapshot is taken between runs (a time-lapse files its stills on its own)")
        case .unknownJob: self.init(accepted: false, reason: "\(job) is not scheduled")
        }
    }
}
