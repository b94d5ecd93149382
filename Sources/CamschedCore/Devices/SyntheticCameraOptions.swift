
/// Options of the `test:` camera, from its URI query (`test:?size=640x360&fps=30`).
package struct SyntheticCameraOptions: Sendable, Equatable {
    package var width = 640
    package var height = 360
    package var fps: Double = 30
    package var pixelFormat: FourCC = .yuyv
    package var pattern = "bars"
    /// `realtime` delivers frames at their time; `fast` as fast as they are taken.
    package var fastPace = false
    /// Card name reported for the camera.
    package var card = "camsched test camera"
    /// Fault injection: the camera disconnects after this much streaming time.
    package var disconnectAfter: Duration?
    /// …and can be opened again this long after disconnecting (default: never).
    package var returnAfter: Duration?
    /// How many times it disconnects (default once), each time `disconnectAfter` after it
    /// started streaming or came back: a run with several losses, as a loose cable gives.
    package var disconnects = 1
    /// Fault injection: this percentage of frames is dropped (sequence gaps).
    package var dropPercent: Double = 0
    /// Fault injection: opening fails as busy.
    package var busy = false
    /// Fault injection: a fatal stream error after this much streaming time.
    package var errorAfter: Duration?
    /// Whether the emulated focus/exposure/white-balance/zoom controls exist.
    package var controls = true
    /// `format=H264`: frames from one keyframe to the next (default: one second's).
    package var gop: Int?
    /// `scene=day`: a scene lit by the sun, whose pixels follow the emulated exposure and gain
    /// (nil: the test patterns).
    package var dayScene: DaySceneOptions?
    /// `audio=tone`: the camera has a test microphone (``TestToneSignal``): a click at every
    /// whole second of the monotonic clock, a tone whose pitch names the second between.
    package var audio = false
    /// `audioRate`: the test microphone's samples a second (default 48000).
    package var audioRate = 48_000
    /// Fault injection: the test microphone is lost after this much capturing…
    package var audioLostAfter: Duration?
    /// …and can be opened again this long after (default: never).
    package var audioReturnAfter: Duration?

    /// `fps`: one frame in 10 s to 240 per second (`camera.fps` in a job starts at 0.1 too).
    package static let frameRate: ClosedRange<Double> = 0.1...240
    /// `dropPercent`.
    package static let dropPercent: ClosedRange<Double> = 0...99.9

    package init() {}

    init(query: [(String, String)], uri: String) throws(DeviceURIError) {
        dayScene = try DaySceneOptions(query: query, uri: uri)
        for (key, value) in query where !DaySceneOptions.keys.contains(key) {
            func bad(_ reason: String) -> DeviceURIError { .invalidURI(uri: uri, reason: "\(key)=\(value): \(reason)") }
            switch key {
            case "size":
                let parts = value.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 320, h >= 64, w <= 7680, h <= 4320,
                      w % 2 == 0, h % 2 == 0 else {
                    throw bad("expected WIDTHxHEIGHT with even numbers from 320x64 to 7680x4320, as in 640x360")
                }
                width = w
                height = h
            case "fps":
                guard let rate = Double(value), Self.frameRate.contains(rate) else {
                    throw bad("fps is a frame rate from 0.1 to 240")
                }
                fps = rate
            case "format", "pixelFormat":
                guard let code = FourCC(value.uppercased()), [.yuyv, .nv12, .yu12, .mjpg, .h264].contains(code) else {
                    throw bad("the test camera offers YUYV, NV12, YU12, MJPG and H264")
                }
                pixelFormat = code
            case "pattern":
                guard ["bars", "gradient", "noise", "black"].contains(value) else { throw bad("patterns are bars, gradient, noise, black") }
                pattern = value
            case "pace":
                guard value == "realtime" || value == "fast" else { throw bad("pace is realtime or fast") }
                fastPace = value == "fast"
            case "card", "name":
                card = value
            case "disconnectAfter":
                guard let d = SimpleDuration.parse(value) else { throw bad("expected a duration such as 5s, at most a year") }
                disconnectAfter = d
            case "returnAfter":
                guard let d = SimpleDuration.parse(value) else { throw bad("expected a duration such as 5s, at most a year") }
                returnAfter = d
            case "disconnects":
                guard let count = Int(value), (1...100).contains(count) else { throw bad("disconnects is how many times the camera goes, 1 to 100") }
                disconnects = count
            case "errorAfter":
                guard let d = SimpleDuration.parse(value) else { throw bad("expected a duration such as 5s, at most a year") }
                errorAfter = d
            case "dropPercent":
                // Above 99.99 % every frame would be dropped: the camera would never deliver one.
                guard let p = Double(value), Self.dropPercent.contains(p) else { throw bad("dropPercent is a percentage from 0 to 99.9") }
                dropPercent = p
            case "busy", "controls":
                let on = value.isEmpty || value == "true" || value == "1"
                if key == "busy" { busy = on } else { controls = !(value == "false" || value == "0" || value == "none") }
            case "audio", "audioRate", "audioLostAfter", "audioReturnAfter":
                try setMicrophone(key, value, bad)
            case "gop":
                guard let frames = Int(value), (1...600).contains(frames) else { throw bad("gop is the frames from one H.264 keyframe to the next, 1 to 600") }
                gop = frames
            default:
                throw .invalidURI(uri: uri, reason: "unknown option \(key); test: takes size, fps, format, gop, pattern, pace, card, disconnectAfter, returnAfter, disconnects, errorAfter, dropPercent, busy, controls, audio, audioRate, audioLostAfter, audioReturnAfter, scene, latitude, longitude, start, timeScale")
            }
        }
    }
}

extension SyntheticCameraOptions {
    /// The test microphone's options: `audio=tone`, `audioRate`, `audioLostAfter`, `audioReturnAfter`.
    private mutating func setMicrophone(_ key: String, _ value: String, _ bad: (String) -> DeviceURIError) throws(DeviceURIError) {
        switch key {
        case "audio":
            guard value == "tone" || value == "none" else { throw bad("audio is tone (a test microphone) or none") }
            audio = value == "tone"
        case "audioRate":
            guard let rate = Int(value), [8000, 16000, 22050, 32000, 44100, 48000].contains(rate) else {
                throw bad("audioRate is 8000, 16000, 22050, 32000, 44100 or 48000")
            }
            audioRate = rate
        default:
            guard let duration = SimpleDuration.parse(value) else { throw bad("expected a duration such as 5s, at most a year") }
            if key == "audioLostAfter" { audioLostAfter = duration } else { audioReturnAfter = duration }
        }
    }
}

/// Durations inside URIs: `500ms`, `5s`, `2m`, `1h`, or plain seconds; at most a year.
enum SimpleDuration {
    static let maximumSeconds: Double = 365 * 86_400

    static func parse(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)) { return duration(seconds: value * scale) }
        }
        return Double(text).flatMap { duration(seconds: $0) }
    }

    /// `nil` for NaN, negative or too long values, which `Int64(_:)` would trap on.
    private static func duration(seconds: Double) -> Duration? {
        guard seconds.isFinite, seconds >= 0, seconds <= maximumSeconds else { return nil }
        return .milliseconds(Int64(seconds * 1000))
    }
}
