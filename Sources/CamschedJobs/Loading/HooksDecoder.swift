import CamschedCore
import Foundation

/// The `hooks` section: the commands run on files, run ends, a lost camera and events.
struct HooksDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode, _ path: JobPath) -> HooksSpec {
        var spec = HooksSpec()
        guard let object = reader.object(node, path, keys: ["onFile", "onRunEnd", "onCameraLost", "onEvent", "timeout"]) else {
            return spec
        }
        spec.onFile = reader.field(object, "onFile", hook)
        spec.onRunEnd = reader.field(object, "onRunEnd", hook)
        spec.onCameraLost = reader.field(object, "onCameraLost", hook)
        spec.onEvent = reader.field(object, "onEvent", hook)
        if let timeout = reader.field(object, "timeout", { reader.duration($0, $1, in: JobLimits.hookTimeout) }) { spec.timeout = timeout }
        return spec
    }

    private func hook(_ node: JSONNode, _ path: JobPath) -> HookCommand? {
        switch node.value {
        case .string:
            return reader.nonEmptyString(node, path).map(HookCommand.shell)
        case .array(let elements):
            guard !elements.isEmpty else {
                reader.report(path, node.location, "the argument list is empty; give at least the program")
                return nil
            }
            let arguments = elements.enumerated().map { index, element in
                index == 0 ? reader.nonEmptyString(element, path.index(index)) : reader.string(element, path.index(index))
            }
            return arguments.contains(nil) ? nil : .arguments(arguments.compactMap { $0 })
        default:
            reader.typeMismatch(node, path, expected: "a command string or an argument list")
            return nil
        }
    }
}
