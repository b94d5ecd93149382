import CamschedCore
import Foundation

/// The `camera.audio` block: `false` (no sound), `true` (the defaults), or an object of
/// `device`, `rate`, `channels`, `codec`, `bitrate`, `required`.
struct AudioDecoder {
    let reader: JobReader

    static let keys = ["device", "rate", "channels", "codec", "bitrate", "required"]
    /// Sample rates ALSA devices and the encoders take.
    static let rates: ClosedRange<Int64> = 8_000...192_000
    static let channels: ClosedRange<Int64> = 1...8

    func decode(_ node: JSONNode, _ path: JobPath) -> AudioSpec? {
        if case .bool(let on) = node.value { return AudioSpec(enabled: on) }
        guard case .object = node.value else {
            reader.typeMismatch(node, path, expected: "false, true or an object with \"device\", \"rate\", \"channels\", \"codec\", \"bitrate\", \"required\"")
            return nil
        }
        var spec = AudioSpec()
        guard let object = reader.object(node, path, keys: Self.keys) else { return spec }
        if let device = reader.field(object, "device", device) { spec.device = device }
        spec.rate = reader.field(object, "rate", { reader.integer($0, $1, in: Self.rates) }).map { Int($0) }
        if let channels = reader.field(object, "channels", { reader.integer($0, $1, in: Self.channels) }) { spec.channels = Int(channels) }
        if let codec = reader.field(object, "codec", { reader.choice($0, $1, AudioCodec.self) }) { spec.codec = codec }
        spec.bitrate = reader.field(object, "bitrate", EncodingDecoder(reader: reader).bitrate)
        if let required = reader.field(object, "required", reader.bool) { spec.required = required }
        if spec.codec == .opus, let rate = spec.rate, ![8000, 12000, 16000, 24000, 48000].contains(rate), let node = object.node("rate") {
            reader.report(object.path("rate"), node.location, "Opus takes 8000, 12000, 16000, 24000 or 48000 samples a second, found \(rate); choose one of them or \"codec\": \"aac\"")
        }
        return spec
    }

    /// `auto` or an ALSA device name (`hw:CARD=C920,DEV=0`, `plughw:1,0`, `default`): printable,
    /// no spaces or quotes.
    private func device(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = reader.nonEmptyString(node, path) else { return nil }
        let allowed = text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"\"'\\".unicodeScalars.contains($0) }
        guard allowed, text.utf8.count <= 128 else {
            reader.report(path, node.location, "\(node.shortDescription) is not a microphone; use \"auto\" or an ALSA capture device such as \"hw:CARD=C920,DEV=0\" or \"plughw:1,0\" (`arecord -l` lists them)")
            return nil
        }
        return text
    }
}
