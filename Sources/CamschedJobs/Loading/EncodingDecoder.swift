import CamschedCore
import Foundation

/// The encoding keys `record` and `trigger` share: codec, encoder, quality, preset, bitrate, container.
struct EncodingDecoder {
    let reader: JobReader

    static let keys = ["codec", "encoder", "quality", "preset", "bitrate", "container"]

    /// `"copy"` files the camera's own frames (a recording's segments, a trigger job's clips);
    /// `"auto"` is taken by both: a recording copies where it can (``RecordSpec/autoCopies``),
    /// a trigger job's clips are encoded with h264; the encoding keys apply whenever it encodes.
    func decode(_ object: ObjectReader, _ node: JSONNode, into spec: inout RecordSpec) {
        let codecName: String? = if case let .string(text)? = object.node("codec")?.value { text } else { nil }
        if codecName == "copy" {
            spec.copiesCameraStream = true
            for key in ["encoder", "quality", "preset", "bitrate"] where object.has(key) {
                reader.report(object.path(key), object.keyLocation(key) ?? node.location,
                              "codec \"copy\" files the camera's own frames and encodes nothing: remove \"\(key)\", or choose a codec such as \"h264\"")
            }
            if let container = reader.field(object, "container", { reader.choice($0, $1, MovieContainer.self) }) { spec.container = container }
            return
        }
        if codecName == "auto" {
            spec.autoCopies = true
        } else if let codec = reader.field(object, "codec", { reader.choice($0, $1, VideoCodec.self) }) {
            spec.codec = codec
        }
        if let encoder = reader.field(object, "encoder", reader.nonEmptyString) { spec.encoder = encoder }
        spec.quality = reader.field(object, "quality") { reader.number($0, $1, in: 0...spec.codec.maximumQuality) }
        spec.preset = reader.field(object, "preset", reader.nonEmptyString)
        spec.bitrate = reader.field(object, "bitrate", bitrate)
        if object.has("quality") && object.has("bitrate") {
            reader.report(object.path("bitrate"), object.keyLocation("bitrate") ?? node.location,
                          "use either \"quality\" or \"bitrate\", not both")
        }
        if let container = reader.field(object, "container", { reader.choice($0, $1, MovieContainer.self) }) {
            spec.container = container
        }
    }

    func bitrate(_ node: JSONNode, _ path: JobPath) -> Int? {
        let parsed: Int?
        switch node.value {
        case .string(let text): parsed = BitRateParser.parse(text)
        case .number(let number): parsed = BitRateParser.bitsPerSecond(number.value)
        default:
            reader.typeMismatch(node, path, expected: "a bit rate such as \"4M\"")
            return nil
        }
        guard let parsed else {
            reader.report(path, node.location, "\(node.shortDescription) is not a bit rate; \(BitRateParser.syntaxHint)")
            return nil
        }
        guard JobLimits.bitRate.contains(parsed) else {
            reader.report(path, node.location, "must be from 1k to 10G bits per second, found \(node.shortDescription)")
            return nil
        }
        return parsed
    }
}
