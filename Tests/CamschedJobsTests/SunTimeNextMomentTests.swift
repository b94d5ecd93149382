import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

@Suite("Sun-relative times: the next moment")
struct SunTimeNextMomentTests {
    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    @Test func nextMomentIsStrictlyAfterAndOnTheRightDay() throws {
        let calculator = SolarCalculator(location: GeoLocation(latitude: 52.52, longitude: 13.40))
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let sunset = try SunTime(parsing: "sunset")
        let set28 = try #require(sunset.moment(year: 2026, month: 3, day: 28, in: berlin, calculator: calculator))
        let set29 = try #require(sunset.moment(year: 2026, month: 3, day: 29, in: berlin, calculator: calculator))
        #expect(sunset.nextMoment(after: Self.date("2026-03-28T10:00:00Z"), in: berlin, calculator: calculator) == set28)
        #expect(sunset.nextMoment(after: set28, in: berlin, calculator: calculator) == set29)
        // A positive offset past midnight: at 00:10 on the 29th, the 28th's sunset+6h is next.
        let late = try SunTime(parsing: "sunset+6h")
        let lateFrom28 = try #require(late.nextMoment(after: Self.date("2026-03-28T23:10:00Z"), in: berlin, calculator: calculator))
        #expect(lateFrom28 == set28.addingTimeInterval(6 * 3600))
    }

    @Test func polarNightIsSkippedUntilTheSunReturns() throws {
        // Tromsø: no sunrise from late November to mid January; the next one is in January.
        let tromso = SolarCalculator(location: GeoLocation(latitude: 69.65, longitude: 18.96))
        let next = try #require(try SunTime(parsing: "sunrise").nextMoment(
            after: Self.date("2026-12-01T12:00:00Z"), in: Self.utc, calculator: tromso))
        #expect(next > Self.date("2027-01-10T00:00:00Z") && next < Self.date("2027-01-20T00:00:00Z"))
        // At the pole's limit, no astronomical dusk for months, but one within the search.
        let pole = SolarCalculator(location: GeoLocation(latitude: 89.8, longitude: 0))
        #expect(try SunTime(parsing: "astronomicalDusk").nextMoment(
            after: Self.date("2026-04-01T00:00:00Z"), in: Self.utc, calculator: pole) != nil)
    }
}
