import CamschedCore
import Foundation

/// The `retention` section: how long and how much the job keeps.
struct RetentionDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode, _ path: JobPath) -> RetentionSpec {
        var spec = RetentionSpec()
        guard let object = reader.object(node, path, keys: ["maxAge", "maxSize", "minFree"]) else { return spec }
        spec.maxAge = reader.field(object, "maxAge", reader.positiveDuration)
        spec.maxSize = reader.field(object, "maxSize") { reader.byteSize($0, $1, positive: true) }
        spec.minFree = reader.field(object, "minFree") { reader.byteSize($0, $1, positive: false) }
        return spec
    }
}
