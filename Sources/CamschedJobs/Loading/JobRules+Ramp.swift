import CamschedCore
import Foundation

extension JobRules {
    /// A ramp needs an interval job (it steps between shots) and a `maxExposure` no longer
    /// than the interval's `every`.
    static func rampNeedsAnInterval(_ job: JobSections, _ reader: JobReader) {
        let (object, camera, capture) = (job.root, job.camera, job.capture)
        guard let capture else { return }
        let ramps = [("exposure", camera.exposure), ("whiteBalance", camera.whiteBalance)].filter {
            if case .ramp? = $0.1?.mode { return true }
            return false
        }
        guard !ramps.isEmpty else { return }
        let cameraNode = object.node("camera")
        guard case let .interval(interval) = capture else {
            for (name, _) in ramps {
                let node = cameraNode.flatMap { member($0, name) }
                reader.report(JobPath.root.key("camera").key(name), node?.value.location ?? cameraNode?.location ?? object.location,
                              "\"ramp\" steps the camera between the shots of an interval (time-lapse) job, and this job is not one; use \"continuous\", \"auto\" or \"locked\"")
            }
            return
        }
        guard case let .ramp(spec)? = camera.exposure?.mode, let longest = spec.maxExposure, longest > interval.every else { return }
        let node = cameraNode.flatMap { member($0, "exposure") }.flatMap { member -> JSONNode? in
            guard case .object = member.value.value else { return nil }
            return Self.member(member.value, "maxExposure")?.value
        }
        reader.report(JobPath.root.key("camera").key("exposure").key("maxExposure"), node?.location ?? object.location,
                      "maxExposure \(longest.compactDescription) is longer than the interval's every \(interval.every.compactDescription): an exposure cannot outlast the time between shots; make maxExposure at most \(interval.every.compactDescription)")
    }
}
