import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// `camsched run` of an interval whose window is given by sun events: inside the window it
/// starts at once and stops at its end, before it it waits (saying until when), and on a day
/// without the event it says so and exits 0. The place is chosen for the moment the test runs:
/// on the equator, at the longitude where today's sunrise (UTC) falls where the test needs it.
@Suite struct SunWindowRunTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current

    /// The longitude on the equator where the sunrise of `target`'s UTC date is at `target`
    /// (to a few milliseconds): Newton's method, a degree east being 240 s earlier.
    static func longitude(sunriseAt target: Date) throws -> Double {
        let day = CivilTime.date(days: SolarCalculator.localDay(of: target, in: utc))
        let hours = target.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
        var longitude = (6 - hours) * 15
        for _ in 0..<4 {
            let calculator = SolarCalculator(location: GeoLocation(latitude: 0, longitude: longitude))
            let sunrise = try #require(calculator.time(of: .sunrise, year: day.year, month: day.month, day: day.day, in: utc))
            longitude += sunrise.timeIntervalSince(target) / 240
        }
        return longitude
    }

    /// The sun times of a window around `now + lead`: sunrise itself from 02:00 to noon UTC,
    /// `sunrise+11h` after noon (a place where sunrise is 11 hours earlier), and `sunrise-4h`
    /// before 02:00 (a sunrise a few minutes from midnight UTC sits at the date's edge, where a
    /// step of the search lands on the next date's sunrise), so the longitude stays within
    /// ±105° and the sunrise at least an hour from midnight. Returns the offset to add to
    /// "sunrise" and the place.
    static func place(eventAt moment: Date) throws -> (base: Int, longitude: Double) {
        let hours = moment.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
        let base = hours < 2 ? -4 : (hours < 12 ? 0 : 11)
        return (base, try longitude(sunriseAt: moment.addingTimeInterval(-Double(base) * 3600)))
    }

    static func sunTime(_ base: Int, plusSeconds seconds: Int) -> String {
        let total = base * 3600 + seconds
        if total == 0 { return "sunrise" }
        return "sunrise" + (total < 0 ? "-" : "+") + "\(abs(total))s"
    }

    static func job(longitude: Double, latitude: Double = 0, from: String, until: String) -> String {
        #"""
        {"name": "sunrun", "camera": {"device": "test:?size=320x180&fps=30", "warmup": "0s"},
         "location": {"latitude": \#(latitude), "longitude": \#(longitude)},
         "capture": {"interval": {"every": "500ms", "from": "\#(from)", "until": "\#(until)"}},
         "output": {"root": "out", "path": "{job}/{seq}"},
         "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
        """#
    }

    /// Runs near midnight UTC would straddle two dates: wait them out (time is the scenario).
    static func awayFromMidnight() {
        let seconds = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        if seconds > 86_400 - 20 { Thread.sleep(forTimeInterval: 86_400 - seconds + 1) }
    }

    @Test(.timeLimit(.minutes(1)))
    func insideTheWindowItStartsAtOnceAndEndsWithIt() throws {
        // Time is the scenario: the window is the next 4 s of the wall clock.
        Self.awayFromMidnight()
        let closes = Date().addingTimeInterval(4)
        let (base, longitude) = try Self.place(eventAt: closes)
        let dir = try TemporaryDirectory()
        let file = try dir.write("sun.json", Self.job(longitude: longitude, from: Self.sunTime(base, plusSeconds: -3600),
                                                     until: Self.sunTime(base, plusSeconds: 0)))
        let started = Date()
        let result = try CamschedBinary.run(["run", file.path, "--json"], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let captures = JobFixtures.events(result.stdout).filter { $0["event"] as? String == "capture" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let due = captures.compactMap { ($0["scheduledAt"] as? String).flatMap(formatter.date(from:)) }
        #expect(due.count == captures.count)
        // A shot every 500 ms from the start (however long the process took to start) until the
        // window closes, 4 s after `started`: every one of them, none after.
        let first = try #require(due.first, "no shot: \(result.stderr)")
        #expect(first >= started.addingTimeInterval(-0.1) && first < closes)
        #expect(abs(due.count - Int((closes.timeIntervalSince(first) / 0.5).rounded(.up))) <= 1,
                "\(due.count) shots from \(first) to \(closes)")
        #expect(due.allSatisfy { $0 < closes.addingTimeInterval(0.05) })
        #expect(!result.stderr.contains("waiting until"))
    }

    @Test(.timeLimit(.minutes(1)))
    func beforeTheWindowItWaitsAndSaysUntilWhen() throws {
        Self.awayFromMidnight()
        // Time is the scenario: the window opens 4 s from now (the process starts well before).
        let opens = Date().addingTimeInterval(4)
        let (base, longitude) = try Self.place(eventAt: opens)
        let dir = try TemporaryDirectory()
        let from = Self.sunTime(base, plusSeconds: 0), until = Self.sunTime(base, plusSeconds: 2)
        let file = try dir.write("sun.json", Self.job(longitude: longitude, from: from, until: until))
        let result = try CamschedBinary.run(["run", file.path, "--json"], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("sunrun: waiting until "), "\(result.stderr)")
        // The sun time as the job reference writes it.
        let label = ["sunrise", "sunrise+11h", "sunrise-4h"][base == 0 ? 0 : (base > 0 ? 1 : 2)]
        #expect(result.stderr.contains("the window opens then (\(label)) and closes at "), "\(result.stderr)")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let due = JobFixtures.events(result.stdout).filter { $0["event"] as? String == "capture" }
            .compactMap { ($0["scheduledAt"] as? String).flatMap(formatter.date(from:)) }
        // Shots 500 ms apart from the window's opening (the camera opened once it had come) to
        // its end 2 s later: four when the camera opens at once.
        let first = try #require(due.first, "no shot: \(result.stderr)")
        #expect(first >= opens.addingTimeInterval(-0.05) && first < opens.addingTimeInterval(0.5), "first shot at \(first)")
        #expect(due.count == Int((opens.addingTimeInterval(2).timeIntervalSince(first) / 0.5).rounded(.up)), "\(result.stdout)")
    }

    @Test(.timeLimit(.minutes(1)))
    func onADayWithoutTheEventItSaysSoAndExitsZero() throws {
        // Near a pole, a day and the next without the event: polar day or night, whichever it is now.
        let now = Date()
        var chosen: (latitude: Double, event: SunEvent)?
        for latitude in [89.5, -89.5] {
            for event in [SunEvent.sunrise, .astronomicalDawn] {
                let calculator = SolarCalculator(location: GeoLocation(latitude: latitude, longitude: 0))
                let none = (0..<2).allSatisfy { offset in
                    let day = CivilTime.date(days: SolarCalculator.localDay(of: now, in: Self.utc) + offset)
                    return calculator.time(of: event, year: day.year, month: day.month, day: day.day, in: Self.utc) == nil
                }
                if none, chosen == nil { chosen = (latitude, event) }
            }
        }
        let (latitude, event) = try #require(chosen)
        let dir = try TemporaryDirectory()
        let file = try dir.write("sun.json", Self.job(longitude: 0, latitude: latitude, from: event.rawValue,
                                                     until: "\(event.rawValue)+1h"))
        let result = try CamschedBinary.run(["run", file.path, "--json"], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let day = CivilTime.date(days: SolarCalculator.localDay(of: Date(), in: Self.utc))
        let date = String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
        #expect(result.stderr.contains("sunrun: no \(event.rawValue) on \(date) (the sun stays "), "\(result.stderr)")
        #expect(result.stderr.contains("no window that day, nothing to capture"))
        #expect(JobFixtures.events(result.stdout).filter { $0["event"] as? String == "capture" }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.file("out/sunrun").path))
    }
}
