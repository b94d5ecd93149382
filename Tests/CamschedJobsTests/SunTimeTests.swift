import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

@Suite("Sun-relative times")
struct SunTimeTests {
    @Test(arguments: [
        ("sunrise", SunEvent.sunrise, Duration.zero),
        ("sunset+30m", .sunset, .seconds(1800)),
        ("dawn-1h", .dawn, .seconds(-3600)),
        ("civilDuskX", nil, .zero),
        ("nauticalDusk+1h30m", .nauticalDusk, .seconds(5400)),
        ("astronomicalDawn-12h", .astronomicalDawn, .seconds(-43_200)),
        ("dusk+90", .dusk, .seconds(90)),
    ] as [(String, SunEvent?, Duration)])
    func readsEventsAndOffsets(text: String, event: SunEvent?, offset: Duration) throws {
        if let event {
            let time = try SunTime(parsing: text)
            #expect(time == SunTime(event: event, offset: offset))
            #expect(try SunTime(parsing: time.description) == time)
        } else {
            #expect(throws: SunTimeParseError.self) { try SunTime(parsing: text) }
        }
    }

    @Test func refusesBadNamesAndOffsetsWithClearMessages() {
        func message(_ text: String) -> String {
            do {
                _ = try SunTime(parsing: text)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(message("sunrse") == "\"sunrse\" is not a sun event; did you mean \"sunrise\"?")
        #expect(message("civilDusk").hasPrefix("\"civilDusk\" is not a sun event; "))
        #expect(message("Sunrise+1h") == "\"Sunrise\" is not a sun event; did you mean \"sunrise\"?")
        #expect(message("sunrise+25h") == "the offset in \"sunrise+25h\" is more than 12 hours; use an offset of at most 12h before or after the event")
        #expect(message("sunset-12h1s").hasPrefix("the offset in \"sunset-12h1s\" is more than 12 hours"))
        #expect(message("sunset+").hasPrefix("\"\" in \"sunset+\" is not a duration"))
        #expect(message("sunset+-5m").hasPrefix("\"-5m\" in \"sunset+-5m\" is not a duration"))
        #expect(message("").hasPrefix("\"\" is not a sun event; use one of sunrise, sunset, dawn, dusk, nauticalDawn"))
    }

    @Test func resolvesOnALocalDateAcrossTheSpringChange() throws {
        // Berlin, 28 and 29 March 2026 (CET, then CEST from 29 March 02:00).
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let calculator = SolarCalculator(location: GeoLocation(latitude: 52.52, longitude: 13.40))
        let before = try SunTime(parsing: "sunrise-30m"), after = try SunTime(parsing: "sunset+30m")
        for day in [28, 29] {
            let rise = try #require(calculator.time(of: .sunrise, year: 2026, month: 3, day: day, in: berlin))
            let set = try #require(calculator.time(of: .sunset, year: 2026, month: 3, day: day, in: berlin))
            #expect(before.moment(year: 2026, month: 3, day: day, in: berlin, calculator: calculator)
                == rise.addingTimeInterval(-1800))
            #expect(after.moment(year: 2026, month: 3, day: day, in: berlin, calculator: calculator)
                == set.addingTimeInterval(1800))
        }
        // Local clock times (astral: 05:20:41, 06:18:20, 19:03:16, 20:05:01): the clock moves an hour.
        func wall(_ day: Int, _ time: SunTime) throws -> String {
            let date = try #require(time.moment(year: 2026, month: 3, day: day, in: berlin, calculator: calculator))
            let formatter = DateFormatter()
            formatter.timeZone = berlin
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: date)
        }
        #expect(try wall(28, before) == "2026-03-28 05:20")
        #expect(try wall(29, before) == "2026-03-29 06:18")
        #expect(try wall(28, after) == "2026-03-28 19:03")
        #expect(try wall(29, after) == "2026-03-29 20:05")
    }

    @Test func polarNightHasNoSunrise() throws {
        let tromso = SolarCalculator(location: GeoLocation(latitude: 69.65, longitude: 18.96))
        let oslo = try #require(TimeZone(identifier: "Europe/Oslo"))
        #expect(try SunTime(parsing: "sunrise+1h").moment(year: 2026, month: 12, day: 21, in: oslo, calculator: tromso) == nil)
        #expect(try SunTime(parsing: "sunset").moment(year: 2026, month: 6, day: 21, in: oslo, calculator: tromso) == nil)
        #expect(try SunTime(parsing: "dawn").moment(year: 2026, month: 12, day: 21, in: oslo, calculator: tromso) != nil)
    }
}
