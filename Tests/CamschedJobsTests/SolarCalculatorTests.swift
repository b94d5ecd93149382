import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// The solar calculator against a reference implementation: the `astral` package from PyPI
/// (scripts/install-deps.sh installs it), run by the test over ten years and two dozen places.
@Suite("Solar calculator")
struct SolarCalculatorTests {
    /// A place, its UTC offset in hours or its zone's name, and the observer's elevation.
    struct Place {
        let name: String, latitude: Double, longitude: Double, elevation: Double, zone: String
    }

    static let places: [Place] = [
        Place(name: "Tromsø 69°N", latitude: 69.65, longitude: 18.96, elevation: 0, zone: "1"),
        Place(name: "69°N 150°W", latitude: 69.0, longitude: -150.0, elevation: 0, zone: "-9"),
        Place(name: "55°S Cape Horn", latitude: -55.98, longitude: -67.27, elevation: 0, zone: "-3"),
        Place(name: "55°S", latitude: -55.0, longitude: 160.0, elevation: 0, zone: "11"),
        Place(name: "Longyearbyen", latitude: 78.22, longitude: 15.65, elevation: 0, zone: "1"),
        Place(name: "McMurdo", latitude: -77.85, longitude: 166.67, elevation: 0, zone: "12"),
        Place(name: "Murmansk", latitude: 68.97, longitude: 33.08, elevation: 0, zone: "3"),
        Place(name: "Reykjavík", latitude: 64.15, longitude: -21.94, elevation: 0, zone: "0"),
        Place(name: "Helsinki", latitude: 60.17, longitude: 24.94, elevation: 0, zone: "2"),
        Place(name: "Berlin", latitude: 52.52, longitude: 13.40, elevation: 34, zone: "Europe/Berlin"),
        Place(name: "London", latitude: 51.51, longitude: -0.13, elevation: 0, zone: "Europe/London"),
        Place(name: "New York", latitude: 40.71, longitude: -74.01, elevation: 0, zone: "America/New_York"),
        Place(name: "Denver", latitude: 39.74, longitude: -104.99, elevation: 1609, zone: "-7"),
        Place(name: "Kashgar", latitude: 39.47, longitude: 75.99, elevation: 1289, zone: "8"),
        Place(name: "Honolulu", latitude: 21.31, longitude: -157.86, elevation: 0, zone: "-10"),
        Place(name: "Singapore", latitude: 1.35, longitude: 103.82, elevation: 0, zone: "8"),
        Place(name: "Quito", latitude: -0.18, longitude: -78.47, elevation: 2850, zone: "-5"),
        Place(name: "La Paz", latitude: -16.50, longitude: -68.15, elevation: 3640, zone: "-4"),
        Place(name: "Sydney", latitude: -33.87, longitude: 151.21, elevation: 0, zone: "Australia/Sydney"),
        Place(name: "Cape Town", latitude: -33.92, longitude: 18.42, elevation: 0, zone: "2"),
        Place(name: "Auckland", latitude: -36.85, longitude: 174.76, elevation: 0, zone: "12"),
        Place(name: "Samoa 172°W", latitude: -13.83, longitude: -171.76, elevation: 0, zone: "-11"),
        Place(name: "Fiji 179°E", latitude: -17.71, longitude: 178.07, elevation: 0, zone: "12"),
        Place(name: "Anchorage", latitude: 61.22, longitude: -149.90, elevation: 0, zone: "-9"),
    ]

    static let firstDay = (year: 2024, month: 1, day: 1)
    static let dayCount = 3653  // ten years
    static let step = 3          // each place every third day, places offset from each other

    static let astralAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import astral"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// astral's events for every sampled day and place, in the places' own time zones: for each
    /// place, for each sampled day, the eight events' UTC seconds or null ("no event").
    static let referenceScript = #"""
    import datetime, json, sys, zoneinfo
    from astral import Observer, sun
    request = json.loads(sys.argv[1])
    first = datetime.date(*request["first"])
    def zone(text):
        try:
            return datetime.timezone(datetime.timedelta(hours=float(text)))
        except ValueError:
            return zoneinfo.ZoneInfo(text)
    def seconds(function):
        try:
            return function().timestamp()
        except ValueError:
            return None
    result = []
    for index, place in enumerate(request["places"]):
        lat, lon, elevation, name = place
        observer = Observer(lat, lon, float(elevation))
        tz = zone(name)
        rows = []
        for offset in range(index % request["step"], request["count"], request["step"]):
            d = first + datetime.timedelta(days=offset)
            rows.append([d.year, d.month, d.day] + [
                seconds(lambda: sun.sunrise(observer, d, tzinfo=tz)),
                seconds(lambda: sun.sunset(observer, d, tzinfo=tz)),
                seconds(lambda: sun.dawn(observer, d, 6.0, tzinfo=tz)),
                seconds(lambda: sun.dusk(observer, d, 6.0, tzinfo=tz)),
                seconds(lambda: sun.dawn(observer, d, 12.0, tzinfo=tz)),
                seconds(lambda: sun.dusk(observer, d, 12.0, tzinfo=tz)),
                seconds(lambda: sun.dawn(observer, d, 18.0, tzinfo=tz)),
                seconds(lambda: sun.dusk(observer, d, 18.0, tzinfo=tz)),
            ])
        result.append(rows)
    json.dump(result, sys.stdout)
    """#

    static let events: [SunEvent] = [.sunrise, .sunset, .dawn, .dusk, .nauticalDawn, .nauticalDusk,
                                     .astronomicalDawn, .astronomicalDusk]

    static func referenceTimes() throws -> [[[Any]]] {
        let request: [String: Any] = [
            "first": [firstDay.year, firstDay.month, firstDay.day], "count": dayCount, "step": step,
            "places": places.map { [$0.latitude, $0.longitude, $0.elevation, $0.zone] as [Any] },
        ]
        let requestText = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", referenceScript, requestText]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the astral script failed")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[[Any]]])
    }

    static func timeZone(_ text: String) throws -> TimeZone {
        if let hours = Double(text) { return try #require(TimeZone(secondsFromGMT: Int(hours * 3600))) }
        return try #require(TimeZone(identifier: text))
    }

    @Test func sunTimesAgreeWithAstralWithinAMinute() throws {
        try #require(Self.astralAvailable, "needs python3 with the astral package: run scripts/install-deps.sh")
        let reference = try Self.referenceTimes()
        try #require(reference.count == Self.places.count)
        var compared = 0, noEvents = 0, failures: [String] = []
        for (place, rows) in zip(Self.places, reference) {
            let calculator = SolarCalculator(location: GeoLocation(
                latitude: place.latitude, longitude: place.longitude, elevation: place.elevation))
            let zone = try Self.timeZone(place.zone)
            for row in rows {
                let (year, month, day) = (row[0] as? Int ?? 0, row[1] as? Int ?? 0, row[2] as? Int ?? 0)
                for (index, event) in Self.events.enumerated() {
                    let expected = row[3 + index] as? Double
                    let actual = calculator.time(of: event, year: year, month: month, day: day, in: zone)
                    compared += 1
                    if expected == nil { noEvents += 1 }
                    let agrees = switch (expected, actual?.timeIntervalSince1970) {
                    case (nil, nil): true
                    case let (want?, got?): abs(want - got) <= 60
                    default: false
                    }
                    if !agrees {
                        failures.append("\(place.name) \(year)-\(month)-\(day) \(event): astral \(expected.map { "\($0)" } ?? "no event"), ours \(actual.map { "\($0.timeIntervalSince1970)" } ?? "no event")")
                    }
                }
            }
        }
        // Ten years of every third day at each place, 8 events; the polar places have many days
        // without some events (checked to be so, so that "no event" is really compared).
        let days: [Int] = Self.places.indices.map { (Self.dayCount - $0 % Self.step + Self.step - 1) / Self.step }
        #expect(compared == days.reduce(0, +) * Self.events.count)
        #expect(noEvents > 10_000, "only \(noEvents) events without a time")
        #expect(failures.isEmpty, "\(failures.count) disagreements, first: \(failures.prefix(10))")
    }

    /// astral's solar noon on some days at each place, and the sun's elevation (refraction
    /// included) every four hours of those days, as [[year, month, day, noon, [elevations]]].
    static let noonAndElevationScript = #"""
    import datetime, json, sys, zoneinfo
    from astral import Observer, sun
    request = json.loads(sys.argv[1])
    first = datetime.date(*request["first"])
    def zone(text):
        try:
            return datetime.timezone(datetime.timedelta(hours=float(text)))
        except ValueError:
            return zoneinfo.ZoneInfo(text)
    result = []
    for lat, lon, elevation, name in request["places"]:
        observer = Observer(lat, lon, float(elevation))
        rows = []
        for offset in range(0, request["count"], 97):
            d = first + datetime.timedelta(days=offset)
            start = datetime.datetime(d.year, d.month, d.day, tzinfo=datetime.timezone.utc)
            moments = [start + datetime.timedelta(hours=4 * k, minutes=17) for k in range(6)]
            rows.append([d.year, d.month, d.day, sun.noon(observer, d, tzinfo=zone(name)).timestamp(),
                         [[m.timestamp(), sun.elevation(observer, m)] for m in moments]])
        result.append(rows)
    json.dump(result, sys.stdout)
    """#

    @Test func solarNoonAndElevationAgreeWithAstral() throws {
        try #require(Self.astralAvailable, "needs python3 with the astral package: run scripts/install-deps.sh")
        let request: [String: Any] = [
            "first": [Self.firstDay.year, Self.firstDay.month, Self.firstDay.day], "count": Self.dayCount,
            "places": Self.places.map { [$0.latitude, $0.longitude, $0.elevation, $0.zone] as [Any] },
        ]
        let requestText = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.noonAndElevationScript, requestText]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the astral script failed")
        let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [[[Any]]])
        var elevations = 0, failures: [String] = []
        for (place, rows) in zip(Self.places, reference) {
            let calculator = SolarCalculator(location: GeoLocation(
                latitude: place.latitude, longitude: place.longitude, elevation: place.elevation))
            for row in rows {
                let (year, month, day) = (row[0] as? Int ?? 0, row[1] as? Int ?? 0, row[2] as? Int ?? 0)
                let noon = calculator.solarNoon(year: year, month: month, day: day, in: try Self.timeZone(place.zone))
                let expectedNoon = row[3] as? Double ?? 0
                if abs(noon.timeIntervalSince1970 - expectedNoon) > 60 {
                    failures.append("\(place.name) \(year)-\(month)-\(day) noon: astral \(expectedNoon), ours \(noon.timeIntervalSince1970)")
                }
                for pair in row[4] as? [[Double]] ?? [] {
                    elevations += 1
                    let ours = calculator.elevation(at: Date(timeIntervalSince1970: pair[0]))
                    if abs(ours - pair[1]) > 0.02 {
                        failures.append("\(place.name) \(pair[0]) elevation: astral \(pair[1]), ours \(ours)")
                    }
                }
            }
        }
        #expect(elevations == Self.places.count * 38 * 6)
        #expect(failures.isEmpty, "\(failures.count) disagreements, first: \(failures.prefix(10))")
    }
}
