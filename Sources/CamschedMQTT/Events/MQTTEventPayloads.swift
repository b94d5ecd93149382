import CamschedFiling
import CamschedScheduler
import Foundation

/// The topic level and JSON members of each run event published over MQTT; nil for events
/// that are not published (`planned`, `rate`, `warning`, `skipped`: the state and logs carry them).
enum MQTTEventPayloads {
    static func kindAndMembers(_ event: RunEvent) -> (String, MQTTPayload)? {
        var payload = MQTTPayload()
        switch event {
        case .started(let start):
            payload["run"] = start.run
            payload["kind"] = start.kind
            payload["device"] = start.device
            payload["card"] = start.card
            payload["root"] = start.root
            return ("run-started", payload)
        case .done(let summary):
            return ("run-finished", finished(summary))
        case .captured(let still):
            payload["kind"] = still.kind.rawValue
            payload["seq"] = still.seq
            payload.set("scheduledAt", date: still.scheduledAt)
            payload.set("startedAt", date: still.startedAt)
            return ("file", filed(still.location, into: payload))
        case .segmentFiled(let segment):
            payload["kind"] = segment.kind.rawValue
            payload["index"] = segment.index
            payload["frames"] = segment.frames
            payload["droppedFrames"] = segment.droppedFrames
            payload["durationSeconds"] = segment.durationSeconds
            payload["truncated"] = segment.truncated
            return ("file", filed(segment.location, into: payload))
        case .trigger(let trigger):
            payload.set("at", date: trigger.at)
            payload["kind"] = trigger.kind.rawValue
            payload["score"] = trigger.score
            payload["box"] = trigger.box
            return ("trigger", payload)
        case let .interrupted(reason, message, at):
            payload["reason"] = reason
            payload["message"] = message
            payload.set("at", date: at)
            return ("camera-lost", payload)
        case let .resumed(at, after):
            payload.set("at", date: at)
            payload["afterSeconds"] = after
            return ("camera-back", payload)
        case .pressureChanged(let pressure):
            payload.set("at", date: pressure.at)
            payload["level"] = pressure.level.rawValue
            payload["fps"] = pressure.fps
            payload["reason"] = pressure.reason
            payload["method"] = pressure.method.rawValue
            return ("pressure", payload)
        case .error(let message):
            payload["message"] = message
            return ("error", payload)
        case .planned, .rate, .warning, .skipped:
            return nil
        }
    }

    private static func filed(_ location: FiledLocation, into payload: MQTTPayload) -> MQTTPayload {
        var payload = payload
        payload["path"] = location.relativePath
        payload["bytes"] = location.bytes
        payload["sha256"] = location.sha256
        return payload
    }

    private static func finished(_ summary: RunEvent.Summary) -> MQTTPayload {
        var payload = MQTTPayload()
        payload["run"] = summary.run
        payload["status"] = summary.status
        payload["exitCode"] = Int(summary.exitCode)
        payload["stills"] = summary.stills
        payload["segments"] = summary.segments
        payload["skipped"] = summary.skipped
        payload["files"] = summary.filesTotal
        payload["droppedFrames"] = summary.droppedFrames
        payload["failures"] = summary.failures
        payload["elapsedSeconds"] = summary.elapsed
        return payload
    }
}
