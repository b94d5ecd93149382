import CamschedCore
import Foundation

extension JobRules {
    /// `schedule.always` keeps a job running, so the job must be one that runs until stopped:
    /// a `record` without `duration`, a `trigger` without `duration` and `until`. And a
    /// recording until stopped under `cron` or `at` would run from its first fire on, every
    /// later fire missed: most likely a forgotten `duration`.
    static func scheduleFitsTheCaptureEnd(_ job: JobSections, _ reader: JobReader) {
        let (object, schedule, capture) = (job.root, job.schedule, job.capture)
        guard let schedule, let capture, let node = object.node("schedule") else { return }
        guard schedule.isAlways else {
            if case .record(let record) = capture, record.duration == nil {
                var location = object.node("capture")?.location ?? node.location
                if case .object(let members)? = object.node("capture")?.value, let member = members.first(where: { $0.key == "record" }) {
                    location = member.value.location
                }
                reader.report(object.path("capture").key("record"), location,
                              "a recording without \"duration\" runs until stopped, so only its first fire would start it; give a \"duration\", or use \"schedule\": {\"always\": true} to record around the clock")
            }
            return
        }
        let problem: String?
        switch capture {
        case .record(let record):
            problem = record.duration == nil ? nil
                : "the recording ends after capture.record.duration, and the daemon would start it again after each end; remove \"duration\" so that it runs until stopped, or use \"cron\""
        case .trigger(let trigger):
            problem = trigger.duration == nil && trigger.until == nil ? nil
                : "the trigger job ends at its \"duration\" or \"until\", and the daemon would start it again after each end; remove them so that it runs until stopped, or use \"cron\""
        case .interval, .burst:
            problem = "only a job that runs until stopped (a \"record\" without \"duration\", a \"trigger\" without an end) can run always; \"\(capture.kind.rawValue)\" ends, so give it a \"cron\" or \"at\""
        }
        if let problem { reader.report(object.path("schedule").key("always"), node.location, problem) }
    }
}
