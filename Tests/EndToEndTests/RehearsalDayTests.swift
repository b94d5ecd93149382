import CamschedTestSupport
import Foundation
import Testing

/// A rehearsal of a Lisbon sunrise-to-sunset time-lapse with an exposure ramp on the test
/// camera's day scene, run by the binary: `--at 2027-06-21T05:50 --speed 600` (a day in about a
/// minute and a half). Every sidecar's time, name and sun follow the simulated day; the sun's
/// elevation is checked against the `astral` package (3.2, `astral.sun.elevation`, refraction
/// included, as camsched's) at each shot's simulated time.
@Suite struct RehearsalDayTests {
    static let lisbon = (latitude: 38.72, longitude: -9.14)

    static let job = """
        {"name": "lisbon",
         "location": {"latitude": 38.72, "longitude": -9.14},
         "camera": {"device": "test:?size=320x180&fps=30&scene=day&latitude=38.72&longitude=-9.14", "warmup": "1s",
                    "exposure": {"mode": "ramp", "target": 0.45, "maxExposure": "1s", "maxGain": 16, "maxStep": "0.3EV"}},
         "capture": {"interval": {"every": "10m", "from": "sunrise", "until": "sunset", "align": true}},
         "output": {"root": "out", "path": "{job}/%Y-%m-%d/{job}-%Y%m%d-%H%M%S-{seq}"},
         "schedule": {"at": "sunrise-30m", "timezone": "Europe/Lisbon"}}
        """

    /// astral: the day's sunrise and sunset and the elevation at each time (UTC seconds in).
    static let referenceScript = #"""
    import datetime, json, sys
    from astral import Observer, sun
    request = json.loads(sys.argv[1])
    observer = Observer(request["latitude"], request["longitude"])
    day = datetime.date(2027, 6, 21)
    utc = datetime.timezone.utc
    times = [datetime.datetime.fromtimestamp(t, utc) for t in request["times"]]
    json.dump({"sunrise": sun.sunrise(observer, day, tzinfo=utc).timestamp(),
               "sunset": sun.sunset(observer, day, tzinfo=utc).timestamp(),
               "elevations": [sun.elevation(observer, t) for t in times]}, sys.stdout)
    """#

    static func astral(times: [Double]) throws -> (sunrise: Double, sunset: Double, elevations: [Double]) {
        let request: [String: Any] = ["latitude": lisbon.latitude, "longitude": lisbon.longitude, "times": times]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", referenceScript, text], timeout: 60)
        try #require(result.status == 0, "the astral script failed (run scripts/install-deps.sh): \(result.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (try #require(answer["sunrise"] as? Double), try #require(answer["sunset"] as? Double),
                try #require(answer["elevations"] as? [Double]))
    }

    static func date(_ value: Any?) throws -> Date {
        let text = try #require(value as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try #require(formatter.date(from: text), "not a time: \(text)")
    }

    /// `lisbon-20270621-062000-000001.jpg` for a shot due at 06:20 Lisbon time.
    static func name(of due: Date, seq: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Lisbon")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "lisbon/2027-06-21/lisbon-\(formatter.string(from: due))-\(String(format: "%06d", seq)).jpg"
    }

    @Test func aRehearsedLisbonDayFollowsTheSimulatedSun() throws {
        try #require(SolarReference.available, "needs python3 with the astral package: run scripts/install-deps.sh")
        let dir = try TemporaryDirectory()
        let file = try dir.write("lisbon.json", Self.job)
        let began = Date()
        let run = try CamschedBinary.run(["run", file.path, "--at", "2027-06-21T05:50", "--speed", "600", "--json", "--no-progress"],
                                         timeout: 400)
        print("a rehearsed Lisbon day took \(String(format: "%.1f", Date().timeIntervalSince(began))) s of wall time")
        #expect(run.status == 0, "\(run.stderr)")
        // Filed beside the job's root, never among real files.
        #expect(!FileManager.default.fileExists(atPath: dir.file("out").path))
        let stills = dir.files().filter { $0.hasPrefix("out.rehearsal/") && $0.hasSuffix(".jpg") }.sorted()
        let sidecars = try stills.map { path -> [String: Any] in
            let data = try Data(contentsOf: dir.file(path + ".json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let taken = try sidecars.map { try Self.date($0["startedAt"]).timeIntervalSince1970 }
        let reference = try Self.astral(times: taken)
        // Shots every 10 minutes on the wall-clock grid from the first mark after sunrise to the last before sunset.
        let first = (reference.sunrise / 600).rounded(.up) * 600
        let expected = Int(((reference.sunset - first) / 600).rounded(.down)) + 1
        #expect(stills.count == expected, "\(stills.count) stills, astral's day has \(expected) marks")
        for (index, (sidecar, path)) in zip(sidecars, stills).enumerated() {
            let due = Date(timeIntervalSince1970: first + Double(index) * 600)
            #expect(sidecar["rehearsal"] as? Bool == true, "\(path)")
            #expect(try Self.date(sidecar["scheduledAt"]) == due, "\(path)")
            #expect(path == "out.rehearsal/" + Self.name(of: due, seq: index + 1), "\(path)")
            // Taken within a few of the camera's frames after its time (20 simulated seconds each at 600×).
            let late = taken[index] - due.timeIntervalSince1970
            #expect(late >= 0 && late < 120, "\(path) taken \(late) s after its time")
            let light = try #require(sidecar["light"] as? [String: Any], "\(path)")
            let elevation = try #require(light["sunElevation"] as? Double, "\(path)")
            #expect(abs(elevation - reference.elevations[index]) <= 0.5,
                    "\(path): sunElevation \(elevation), astral \(reference.elevations[index]) at \(taken[index])")
        }
        try expectTheSceneFollowedTheDay(sidecars)
        try expectTheEventsFollowedTheDay(run.stdout, first: first, sunset: reference.sunset)
    }

    /// The day scene showed the simulated sun: the ramp's exposure at sunrise is many times its noon one.
    func expectTheSceneFollowedTheDay(_ sidecars: [[String: Any]]) throws {
        let exposures = sidecars.compactMap { ($0["light"] as? [String: Any])?["exposureTime"] as? Double }
        try #require(exposures.count == sidecars.count && !exposures.isEmpty)
        let noon = try #require(exposures.min())
        #expect(exposures[0] > 20 * noon, "exposure at sunrise \(exposures[0]) s, at noon \(noon) s")
    }

    /// The start event says it is a rehearsal; every event's time lies in the simulated day.
    func expectTheEventsFollowedTheDay(_ stdout: String, first: Double, sunset: Double) throws {
        let events = try stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let start = try #require(events.first { $0["event"] as? String == "start" })
        let rehearsal = try #require(start["rehearsal"] as? [String: Any])
        #expect(try Self.date(rehearsal["at"]) == Date(timeIntervalSince1970: 1_813_553_400))  // 2027-06-21T05:50+01:00
        #expect(rehearsal["speed"] as? Double == 600)
        for event in events {
            let time = try Self.date(event["time"]).timeIntervalSince1970
            #expect(time >= first - 600 && time <= sunset + 600, "\(event)")
        }
        #expect(events.filter { $0["event"] as? String == "capture" }.count == events.count - 2)
    }
}

/// Whether python3 with the `astral` package is there (scripts/install-deps.sh installs it).
enum SolarReference {
    static let available: Bool = {
        (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import astral"], timeout: 60))?.status == 0
    }()
}
