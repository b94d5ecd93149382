import CamschedCore
import Foundation

/// The `throttle` section: the frame rates a job drops to as the machine heats up.
struct ThrottleDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode, _ path: JobPath) -> ThrottleSpec {
        var spec = ThrottleSpec()
        guard let object = reader.object(node, path, keys: ["serious", "critical", "shutdown", "recoverAfter"]) else {
            return spec
        }
        let serious = reader.field(object, "serious", reader.frameRate)
        let critical = reader.field(object, "critical", reader.frameRate)
        if let serious { spec.serious = serious }
        if let critical {
            spec.critical = critical
        } else if object.node("critical") == nil, let serious {
            // Only "serious" given, below the default "critical": critical follows it down.
            spec.critical = min(spec.critical, serious)
        }
        if let critical, critical > spec.serious, let criticalNode = object.node("critical") {
            reader.report(object.path("critical"), criticalNode.location,
                          "must not be more than \"serious\" (\(JobReader.format(spec.serious))), found \(criticalNode.shortDescription)")
        }
        if let shutdown = reader.field(object, "shutdown", throttleAction) {
            spec.shutdown = shutdown
            if case .limit(let fps) = shutdown, fps > spec.critical, let shutdownNode = object.node("shutdown") {
                reader.report(object.path("shutdown"), shutdownNode.location,
                              "must not be more than \"critical\" (\(JobReader.format(spec.critical))), found \(shutdownNode.shortDescription)")
            }
        }
        if let recoverAfter = reader.field(object, "recoverAfter", { reader.duration($0, $1, in: JobLimits.recoverAfter) }) {
            spec.recoverAfter = recoverAfter
        }
        return spec
    }

    private func throttleAction(_ node: JSONNode, _ path: JobPath) -> ThrottleAction? {
        switch node.value {
        case .string("stop"): return .stop
        case .number: return reader.frameRate(node, path).map { .limit(fps: $0) }
        default:
            reader.typeMismatch(node, path, expected: "\"stop\" or a frame rate")
            return nil
        }
    }
}
