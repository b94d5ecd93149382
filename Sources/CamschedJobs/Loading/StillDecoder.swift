import CamschedCore
import Foundation

/// The `still` section: the format and quality of the stills a job files.
struct StillDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode, _ path: JobPath) -> StillSpec {
        var spec = StillSpec()
        guard let object = reader.object(node, path, keys: ["format", "quality"]) else { return spec }
        if let format = reader.field(object, "format", { reader.choice($0, $1, StillFormat.self) }) { spec.format = format }
        if let quality = reader.field(object, "quality", { reader.integer($0, $1, in: JobLimits.stillQuality) }) { spec.quality = Int(quality) }
        return spec
    }
}
