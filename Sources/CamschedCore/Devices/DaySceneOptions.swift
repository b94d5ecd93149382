import Foundation

/// The `test:` camera's `scene=day`: a scene lit by the sun at a place, on a clock that starts at
/// `start` when the stream's first frame is taken and runs `timeScale` times as fast as the
/// frames' timestamps (`test:?scene=day&start=2026-06-21T03:00:00Z&timeScale=144&pace=fast`:
/// a day in ten minutes of frames, taken as fast as they are drawn).
package struct DaySceneOptions: Sendable, Equatable {
    /// Where the sun is computed (default: Berlin).
    package var location = GeoLocation(latitude: 52.52, longitude: 13.40)
    /// The wall time the scene's clock shows at the stream's first frame; nil: the time of that frame.
    package var start: Date?
    /// Scene seconds per camera second (144: a day in ten minutes).
    package var timeScale: Double = 1

    /// A clock from outside the URI (a rehearsal's): it replaces `start` and `timeScale`; nil:
    /// the URI's clock, which starts at the first frame.
    package var clock: DaySceneClock?

    /// Whether the URI set the scene's clock (`start`, or a `timeScale` other than 1).
    package var setsClock: Bool { start != nil || timeScale != 1 }

    /// `timeScale`: from a thousandth of real time to a day in a tenth of a second.
    package static let timeScaleRange: ClosedRange<Double> = 0.001...864_000
    /// The URI options that belong to the day scene.
    package static let keys: Set<String> = ["scene", "latitude", "longitude", "start", "timeScale"]

    package init() {}

    /// The day scene a `test:` URI asks for, or nil when it has no `scene=day` (the patterns).
    /// - Throws: `DeviceURIError.invalidURI` naming the option, its value and what it takes.
    init?(query: [(String, String)], uri: String) throws(DeviceURIError) {
        var isDay = false
        var others: [String] = []
        for (key, value) in query {
            func bad(_ reason: String) -> DeviceURIError { .invalidURI(uri: uri, reason: "\(key)=\(value): \(reason)") }
            switch key {
            case "scene":
                guard value == "day" || value == "pattern" else { throw bad("scene is day (a scene lit by the sun) or pattern (the default)") }
                isDay = value == "day"
            case "latitude":
                guard let degrees = Double(value), (-90...90).contains(degrees) else { throw bad("latitude is degrees from -90 to 90, north positive") }
                location.latitude = degrees
            case "longitude":
                guard let degrees = Double(value), (-180...180).contains(degrees) else { throw bad("longitude is degrees from -180 to 180, east positive") }
                location.longitude = degrees
            case "start":
                guard let date = Self.parseTime(value) else { throw bad("start is an RFC 3339 time such as 2026-06-21T03:00:00Z or 2026-06-21T05:00:00+02:00") }
                start = date
            case "timeScale":
                guard let scale = Double(value), Self.timeScaleRange.contains(scale) else {
                    throw bad("timeScale is scene seconds per camera second, from 0.001 to 864000 (144: a day in ten minutes)")
                }
                timeScale = scale
            default:
                continue
            }
            if key != "scene" { others.append(key) }
        }
        guard isDay else {
            if let key = others.first { throw .invalidURI(uri: uri, reason: "\(key) applies to the day scene only: add scene=day") }
            return nil
        }
    }

    /// RFC 3339 (`2026-06-21T03:00:00Z`, `…T05:00:00.5+02:00`).
    static func parseTime(_ text: String) -> Date? { RFC3339Timestamp.date(from: text) }
}
