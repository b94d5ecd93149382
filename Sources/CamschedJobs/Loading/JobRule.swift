import CamschedCore
import Foundation

/// A check across sections of a job file: one value with a name, so that adding a rule is one
/// entry in ``JobRules/all``. A rule reads the decoded sections (and, to say where a problem is,
/// the job's top-level object) and reports through the file's ``JobReader``; it runs after every
/// section has been decoded, and a section it needs that was absent or invalid is `nil` or its
/// default (an invalid one has been reported already).
struct JobRule: Sendable {
    /// What the rule requires, in a few words.
    let name: String
    let check: @Sendable (_ job: JobSections, _ reader: JobReader) -> Void
}

/// The sections of a job file as decoded, with its top-level object: what a ``JobRule`` reads.
struct JobSections {
    let root: ObjectReader
    let name: String?
    let camera: CameraSettings
    let capture: CaptureSpec?
    let output: OutputSpec
    let schedule: ScheduleSpec?
    let location: GeoLocation?
}

/// The cross-field rules of a job file, each in a `JobRules+Topic.swift` file.
enum JobRules {
    /// Every rule, in the order they are checked: two problems at the same place are reported in
    /// this order.
    static let all: [JobRule] = [
        JobRule(name: "the output root fits its catalog", check: outputRootFitsTheCatalog),
        JobRule(name: "the output path fits a filesystem", check: outputPathFitsAFilesystem),
        JobRule(name: "codec copy needs compressed frames", check: copyNeedsCompressedFrames),
        JobRule(name: "codec copy needs no new pixels", check: copyNeedsNoNewPixels),
        JobRule(name: "a ramp needs an interval job", check: rampNeedsAnInterval),
        JobRule(name: "sound fits the container", check: soundFitsTheContainer),
        JobRule(name: "sound needs a microphone", check: soundHasASource),
        JobRule(name: "the schedule fits the capture's end", check: scheduleFitsTheCaptureEnd),
        JobRule(name: "a sun event needs a location", check: sunEventsHaveALocation),
    ]

    /// Runs every rule on a decoded job.
    static func check(_ job: JobSections, _ reader: JobReader) {
        for rule in all { rule.check(job, reader) }
    }

    /// The member `key` of an object node, with where its key is written.
    static func member(_ node: JSONNode, _ key: String) -> JSONMember? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }
    }
}
