import CamschedCore
import Foundation

extension JobDecoder {
    /// `record.segment`: a duration (files of that length from the recording's start), or
    /// `{"every": "1h", "align": true}` (files that begin on the wall-clock multiples of
    /// `every` in the job's time zone, which must divide a day).
    func segment(_ node: JSONNode, _ path: JobPath) -> (length: Duration, aligned: Bool)? {
        switch node.value {
        case .string, .number:
            return duration(node, path, in: JobLimits.segment).map { ($0, false) }
        case .object:
            break
        default:
            typeMismatch(node, path, expected: "a duration such as \"10m\", or {\"every\": \"1h\", \"align\": true}")
            return nil
        }
        guard let object = object(node, path, keys: ["every", "align"]) else { return nil }
        let every = requiredField(object, "every") { duration($0, $1, in: JobLimits.segment) }
        let align = field(object, "align", bool) ?? false
        guard let every else { return nil }
        if align, !SegmentClock.dividesADay(lengthNanoseconds: every.wholeNanoseconds), let everyNode = object.node("every") {
            report(object.path("every"), everyNode.location,
                   "\(everyNode.shortDescription) does not divide a day, so aligned files could not begin at the same times every day; use a length that does, such as \"10m\", \"15m\", \"30m\", \"1h\", \"2h\", \"6h\" or \"1d\" (or \"align\": false)")
            return nil
        }
        return (every, align)
    }

    /// `schedule.always` keeps a job running, so the job must be one that runs until stopped:
    /// a `record` without `duration`, a `trigger` without `duration` and `until`. And a
    /// recording until stopped under `cron` or `at` would run from its first fire on, every
    /// later fire missed: most likely a forgotten `duration`.
    func checkAlways(_ object: ObjectReader, schedule: ScheduleSpec?, capture: CaptureSpec?) {
        guard let schedule, let capture, let node = object.node("schedule") else { return }
        guard schedule.isAlways else {
            if case .record(let record) = capture, record.duration == nil {
                var location = object.node("capture")?.location ?? node.location
                if case .object(let members)? = object.node("capture")?.value, let member = members.first(where: { $0.key == "record" }) {
                    location = member.value.location
                }
                report(object.path("capture").key("record"), location,
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
        if let problem { report(object.path("schedule").key("always"), node.location, problem) }
    }
}
