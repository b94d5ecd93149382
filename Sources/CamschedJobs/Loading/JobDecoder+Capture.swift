import CamschedCore
import Foundation

extension JobDecoder {
    static let captureKinds = ["interval", "burst", "record", "trigger"]

    func capture(_ node: JSONNode, _ path: JobPath) -> CaptureSpec? {
        guard let object = object(node, path, keys: JobDecoder.captureKinds) else { return nil }
        // In file order, so that the second kind written is the one reported.
        let present = JobDecoder.captureKinds.filter(object.has).sorted {
            (object.keyLocation($0) ?? .none) < (object.keyLocation($1) ?? .none)
        }
        guard let first = present.first else {
            // An unknown key has been reported with the allowed ones; don't repeat it.
            if case .object(let members) = node.value, members.isEmpty {
                report(path, node.location, "expected exactly one of \"interval\", \"burst\", \"record\" or \"trigger\"")
            }
            return nil
        }
        for extra in present.dropFirst() {
            report(object.path(extra), object.keyLocation(extra) ?? node.location,
                   "only one capture kind is allowed, and \(JSONNode.quoted(first)) is given too")
        }
        var result: CaptureSpec?
        for kind in present {
            let spec: CaptureSpec?
            switch kind {
            case "interval": spec = field(object, kind, interval).map(CaptureSpec.interval)
            case "burst": spec = field(object, kind, burst).map(CaptureSpec.burst)
            case "trigger": spec = field(object, kind, trigger).map(CaptureSpec.trigger)
            default: spec = field(object, kind, record).map(CaptureSpec.record)
            }
            if result == nil { result = spec }
        }
        return result
    }

    private func interval(_ node: JSONNode, _ path: JobPath) -> IntervalSpec? {
        let keys = ["every", "count", "duration", "from", "until", "align", "keepOpen", "assemble"]
        guard let object = object(node, path, keys: keys) else { return nil }
        let every = requiredField(object, "every") { duration($0, $1, in: JobLimits.intervalPeriod) }
        var spec = IntervalSpec(every: every ?? .seconds(1))
        spec.count = field(object, "count") { integer($0, $1, in: JobLimits.intervalCount) }.map { Int($0) }
        spec.duration = field(object, "duration", positiveDuration)
        spec.from = field(object, "from", intervalBound)
        spec.until = field(object, "until", intervalBound)
        checkWindowOrder(object, spec)
        let ends = ["count", "duration", "until"].filter(object.has)
        if ends.isEmpty {
            report(path, node.location,
                   "needs one of \"count\", \"duration\" or \"until\"; without an end the interval would run forever")
        } else if ends.count > 1 {
            let names = ends.map(JSONNode.quoted)
            report(path, node.location,
                   "use only one of \"count\", \"duration\" and \"until\"; found \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1])")
        }
        if let every, let count = spec.count, every * (count - 1) > JobLimits.maximumDuration, let countNode = object.node("count") {
            // The last shot's time must stay a date every later step can print and file.
            report(object.path("count"), countNode.location,
                   "\(count) shots every \(every.compactDescription) take more than 100 years; shorten \"every\" or \"count\"")
        }
        if let align = field(object, "align", bool) { spec.align = align }
        if let keepOpen = field(object, "keepOpen", keepOpen) { spec.keepOpen = keepOpen }
        if let assembly = field(object, "assemble", assemble) {
            (spec.assembleFPS, spec.assembleDeflicker) = (assembly.fps, assembly.deflicker)
        }
        return every == nil ? nil : spec
    }

    private func keepOpen(_ node: JSONNode, _ path: JobPath) -> KeepOpenPolicy? {
        switch node.value {
        case .bool(let flag): return flag ? .always : .never
        case .string("auto"): return .auto
        default:
            typeMismatch(node, path, expected: "\"auto\", true or false")
            return nil
        }
    }

    /// `true` (30 fps), `false`, or `{"fps": N, "deflicker": true}`; nil when invalid.
    private func assemble(_ node: JSONNode, _ path: JobPath) -> (fps: Double?, deflicker: Bool)? {
        switch node.value {
        case .bool(let flag): return (flag ? 30 : nil, false)
        case .object:
            guard let object = object(node, path, keys: ["fps", "deflicker"]) else { return nil }
            let fps = field(object, "fps") { number($0, $1, in: JobLimits.assembleFrameRate) } ?? 30
            return (fps, field(object, "deflicker", bool) ?? false)
        default:
            typeMismatch(node, path, expected: "true, false or {\"fps\": N, \"deflicker\": true}")
            return nil
        }
    }

    func date(_ node: JSONNode, _ path: JobPath) -> Date? {
        guard let text = string(node, path) else { return nil }
        guard let date = RFC3339DateParser.parse(text) else {
            report(path, node.location,
                   "\(node.shortDescription) is not an RFC 3339 time; \(RFC3339DateParser.syntaxHint)")
            return nil
        }
        return date
    }

    private func burst(_ node: JSONNode, _ path: JobPath) -> BurstSpec? {
        guard let object = object(node, path, keys: ["count", "fps", "bracket"]) else { return nil }
        let count = requiredField(object, "count") { integer($0, $1, in: JobLimits.burstCount) }
        var spec = BurstSpec(count: Int(count ?? 1))
        spec.fps = field(object, "fps", frameRate)
        if let bracket = field(object, "bracket", bracket) { spec.bracket = bracket }
        return count == nil ? nil : spec
    }

    private func bracket(_ node: JSONNode, _ path: JobPath) -> [Double]? {
        guard case .array(let elements) = node.value else {
            typeMismatch(node, path, expected: "a list of exposure offsets in EV, such as [-2, 0, 2]")
            return nil
        }
        guard JobLimits.bracketLength.contains(elements.count) else {
            report(path, node.location, "at most \(JobLimits.bracketLength.upperBound) offsets, found \(elements.count)")
            return nil
        }
        let offsets = elements.enumerated().map { number($1, path.index($0), in: JobLimits.bracketOffset) }
        return offsets.contains(nil) ? nil : offsets.compactMap { $0 }
    }

    private func record(_ node: JSONNode, _ path: JobPath) -> RecordSpec? {
        let keys = ["duration", "segment", "codec", "encoder", "quality", "preset", "bitrate", "container", "stillsEvery"]
        guard let object = object(node, path, keys: keys) else { return nil }
        let before = problems.count
        var spec = RecordSpec(duration: field(object, "duration", positiveDuration))
        if let segment = field(object, "segment", segment) { (spec.segment, spec.alignsSegments) = segment }
        // A bad duration or segment leaves no recording to check further; a bad encoding key
        // does, so the cross-field rules (a copy of raw pixels) still report what they find.
        let timed = problems.count == before
        encoding(object, node, into: &spec)
        spec.stillsEvery = field(object, "stillsEvery", positiveDuration)
        return timed ? spec : nil
    }

    /// The encoding keys `record` and `trigger` share: codec, encoder, quality, preset, bitrate, container.
    static let encodingKeys = ["codec", "encoder", "quality", "preset", "bitrate", "container"]

    /// `"copy"` files the camera's own frames (a recording's segments, a trigger job's clips);
    /// `"auto"` is taken by both: a recording copies where it can (``RecordSpec/autoCopies``),
    /// a trigger job's clips are encoded with h264; the encoding keys apply whenever it encodes.
    func encoding(_ object: ObjectReader, _ node: JSONNode, into spec: inout RecordSpec) {
        let codecName: String? = if case let .string(text)? = object.node("codec")?.value { text } else { nil }
        if codecName == "copy" {
            spec.copiesCameraStream = true
            for key in ["encoder", "quality", "preset", "bitrate"] where object.has(key) {
                report(object.path(key), object.keyLocation(key) ?? node.location,
                       "codec \"copy\" files the camera's own frames and encodes nothing: remove \"\(key)\", or choose a codec such as \"h264\"")
            }
            if let container = field(object, "container", { choice($0, $1, MovieContainer.self) }) { spec.container = container }
            return
        }
        if codecName == "auto" {
            spec.autoCopies = true
        } else if let codec = field(object, "codec", { choice($0, $1, VideoCodec.self) }) {
            spec.codec = codec
        }
        if let encoder = field(object, "encoder", nonEmptyString) { spec.encoder = encoder }
        spec.quality = field(object, "quality") { number($0, $1, in: 0...spec.codec.maximumQuality) }
        spec.preset = field(object, "preset", nonEmptyString)
        spec.bitrate = field(object, "bitrate", bitrate)
        if object.has("quality") && object.has("bitrate") {
            report(object.path("bitrate"), object.keyLocation("bitrate") ?? node.location,
                   "use either \"quality\" or \"bitrate\", not both")
        }
        if let container = field(object, "container", { choice($0, $1, MovieContainer.self) }) {
            spec.container = container
        }
    }

    private func bitrate(_ node: JSONNode, _ path: JobPath) -> Int? {
        let parsed: Int?
        switch node.value {
        case .string(let text): parsed = BitRateParser.parse(text)
        case .number(let number): parsed = BitRateParser.bitsPerSecond(number.value)
        default:
            typeMismatch(node, path, expected: "a bit rate such as \"4M\"")
            return nil
        }
        guard let parsed else {
            report(path, node.location, "\(node.shortDescription) is not a bit rate; \(BitRateParser.syntaxHint)")
            return nil
        }
        guard JobLimits.bitRate.contains(parsed) else {
            report(path, node.location, "must be from 1k to 10G bits per second, found \(node.shortDescription)")
            return nil
        }
        return parsed
    }
}

extension JobDecoder {
    /// The pixel formats whose frames `codec: "copy"` can file as they are.
    static let copyableFormats: Set<String> = ["MJPG", "JPEG", "H264"]

    /// `codec: "copy"` needs compressed frames: a raw `camera.pixelFormat` contradicts it.
    func checkCopy(_ object: ObjectReader, camera: CameraSettings) {
        let format = camera.pixelFormat.uppercased()
        guard format != "AUTO", !Self.copyableFormats.contains(format) else { return }
        let path = object.path("camera").key("pixelFormat")
        let key = object.node("camera").flatMap { Self.member($0, "pixelFormat") }
        report(path, key?.keyLocation ?? object.node("camera")?.location ?? SourceLocation(line: 1, column: 1),
               "codec \"copy\" files the camera's own compressed frames, but camera.pixelFormat asks for \(camera.pixelFormat) (raw pixels): set it to \"MJPG\" or \"H264\" or leave it out, or choose a codec such as \"h264\"")
    }
}
