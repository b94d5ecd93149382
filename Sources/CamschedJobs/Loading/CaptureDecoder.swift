import CamschedCore
import Foundation

/// The `capture` section: exactly one capture kind, each read by its own decoder.
struct CaptureDecoder {
    let reader: JobReader

    static let kinds = ["interval", "burst", "record", "trigger"]

    func decode(_ node: JSONNode, _ path: JobPath) -> CaptureSpec? {
        guard let object = reader.object(node, path, keys: Self.kinds) else { return nil }
        // In file order, so that the second kind written is the one reported.
        let present = Self.kinds.filter(object.has).sorted {
            (object.keyLocation($0) ?? .none) < (object.keyLocation($1) ?? .none)
        }
        guard let first = present.first else {
            // An unknown key has been reported with the allowed ones; don't repeat it.
            if case .object(let members) = node.value, members.isEmpty {
                reader.report(path, node.location, "expected exactly one of \"interval\", \"burst\", \"record\" or \"trigger\"")
            }
            return nil
        }
        for extra in present.dropFirst() {
            reader.report(object.path(extra), object.keyLocation(extra) ?? node.location,
                          "only one capture kind is allowed, and \(JSONNode.quoted(first)) is given too")
        }
        var result: CaptureSpec?
        for kind in present {
            let spec: CaptureSpec?
            switch kind {
            case "interval": spec = reader.field(object, kind, IntervalDecoder(reader: reader).decode).map(CaptureSpec.interval)
            case "burst": spec = reader.field(object, kind, BurstDecoder(reader: reader).decode).map(CaptureSpec.burst)
            case "trigger": spec = reader.field(object, kind, TriggerDecoder(reader: reader).decode).map(CaptureSpec.trigger)
            default: spec = reader.field(object, kind, RecordDecoder(reader: reader).decode).map(CaptureSpec.record)
            }
            if result == nil { result = spec }
        }
        return result
    }
}
