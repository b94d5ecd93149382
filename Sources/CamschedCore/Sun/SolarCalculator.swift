import Foundation

/// Sun times and the sun's elevation for a place, by NOAA's solar-position algorithm.
///
/// Source: NOAA Global Monitoring Laboratory, "General Solar Position Calculations" and the NOAA
/// Solar Calculator (spreadsheet NOAA_Solar_Calculations_day.xls and gml.noaa.gov/grad/solcalc),
/// which implement the equations of Jean Meeus, "Astronomical Algorithms" (1991). Written here
/// from those published equations. An event's time is found as the NOAA calculator finds it: a
/// first estimate with the sun's position at 0 h UTC of the date, then one refinement with the
/// position at that estimate. The event is the sun's *apparent* centre at the event's zenith
/// angle: the geometric angle adds NOAA's atmospheric refraction at that angle, and the dip of
/// the horizon seen from the location's elevation.
///
/// Polar day and polar night: when the sun does not reach the event's elevation on a date (or
/// the event falls outside that local date), there is no event and the answer is `nil`.
package struct SolarCalculator: Sendable {
    package let location: GeoLocation

    package init(location: GeoLocation) {
        self.location = location
    }

    /// The moment of `event` on the local date `year-month-day` in `timeZone`, or nil when the
    /// sun does not reach the event's elevation that day (polar day or night).
    package func time(of event: SunEvent, year: Int, month: Int, day: Int, in timeZone: TimeZone) -> Date? {
        let localDay = CivilTime.days(year: year, month: month, day: day)
        guard let first = transit(event, utcDay: localDay) else { return nil }
        let shift = localDay - Self.localDay(of: first, in: timeZone)
        if shift == 0 { return first }
        // The event of that UTC date falls on the local day before or after: take the next or
        // previous UTC date's event, and it must then fall on the local date.
        guard let second = transit(event, utcDay: localDay + (shift > 0 ? 1 : -1)),
              Self.localDay(of: second, in: timeZone) == localDay else { return nil }
        return second
    }

    /// The moment the sun crosses the meridian (its highest point) on a local date.
    package func solarNoon(year: Int, month: Int, day: Int, in timeZone: TimeZone) -> Date {
        let localDay = CivilTime.days(year: year, month: month, day: day)
        // Local noon as a first guess, then the equation of time at the estimate.
        var minutes = 720.0 - 4 * location.longitude
        for _ in 0..<2 {
            let position = Self.sunPosition(julianDay: Self.julianDay(utcDay: localDay) + minutes / 1440)
            minutes = 720.0 - 4 * location.longitude - position.equationOfTime
        }
        return Date(timeIntervalSince1970: Double(localDay) * 86_400 + minutes * 60)
    }

    /// The sun's apparent elevation above the astronomical horizon at a moment, in degrees
    /// (refraction included; negative below the horizon).
    package func elevation(at date: Date) -> Double {
        let julianDay = date.timeIntervalSince1970 / 86_400 + Self.unixEpochJulianDay
        let position = Self.sunPosition(julianDay: julianDay)
        let utcMinutes = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 60
        let trueSolarTime = (utcMinutes + position.equationOfTime + 4 * location.longitude)
        var hourAngle = (trueSolarTime / 4).truncatingRemainder(dividingBy: 360) - 180
        if hourAngle < -180 { hourAngle += 360 }
        let latitude = Self.radians(location.latitude), declination = Self.radians(position.declination)
        let cosZenith = sin(latitude) * sin(declination)
            + cos(latitude) * cos(declination) * cos(Self.radians(hourAngle))
        let geometric = 90 - Self.degrees(acos(min(1, max(-1, cosZenith))))
        return geometric + Self.refraction(atElevation: geometric)
    }

    /// The event on a UTC date: NOAA's two passes, each finding the hour angle at which the sun
    /// reaches the event's zenith angle with the sun's position at the current estimate.
    private func transit(_ event: SunEvent, utcDay: Int) -> Date? {
        let latitude = min(89.8, max(-89.8, location.latitude))
        let dip = Self.horizonDip(elevation: location.elevation)
        let zenith = event.zenith + dip + Self.refraction(atElevation: 90 - (event.zenith + dip))
        let julianDay = Self.julianDay(utcDay: utcDay)
        var minutes = 0.0
        for _ in 0..<2 {
            let position = Self.sunPosition(julianDay: julianDay + minutes / 1440)
            guard let hourAngle = Self.hourAngle(latitude: latitude, declination: position.declination,
                                                 zenith: zenith) else { return nil }
            var offset = 4 * (-location.longitude - (event.isRising ? hourAngle : -hourAngle))
                - position.equationOfTime
            if offset < -720 { offset += 1440 }
            minutes = 720 + offset
        }
        return Date(timeIntervalSince1970: Double(utcDay) * 86_400 + minutes * 60)
    }

    /// The hour angle (degrees, positive) at which the sun's centre is at `zenith`, or nil when
    /// it never gets there that day.
    static func hourAngle(latitude: Double, declination: Double, zenith: Double) -> Double? {
        let lat = radians(latitude), dec = radians(declination)
        let cosHourAngle = (cos(radians(zenith)) - sin(lat) * sin(dec)) / (cos(lat) * cos(dec))
        guard cosHourAngle >= -1, cosHourAngle <= 1 else { return nil }
        return degrees(acos(cosHourAngle))
    }

    /// The sun's declination (degrees) and the equation of time (minutes) at a Julian day.
    static func sunPosition(julianDay: Double) -> (declination: Double, equationOfTime: Double) {
        let t = (julianDay - 2_451_545) / 36_525  // Julian centuries since J2000.0
        let meanLongitude = (280.46646 + t * (36_000.76983 + t * 0.0003032))
            .truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let m = radians(meanAnomaly)
        let centre = sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(2 * m) * (0.019993 - 0.000101 * t) + sin(3 * m) * 0.000289
        let omega = radians(125.04 - 1934.136 * t)
        let apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(omega)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.00256 * cos(omega))
        let declination = degrees(asin(sin(obliquity) * sin(radians(apparentLongitude))))
        let y = pow(tan(obliquity / 2), 2)
        let l0 = radians(meanLongitude)
        let equation = y * sin(2 * l0) - 2 * eccentricity * sin(m)
            + 4 * eccentricity * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m)
        return (declination, 4 * degrees(equation))
    }

    /// NOAA's approximation of atmospheric refraction (degrees) at a geometric elevation.
    static func refraction(atElevation elevation: Double) -> Double {
        if elevation > 85 { return 0 }
        let te = tan(radians(elevation))
        let arcSeconds: Double
        if elevation > 5 {
            arcSeconds = 58.1 / te - 0.07 / pow(te, 3) + 0.000086 / pow(te, 5)
        } else if elevation > -0.575 {
            arcSeconds = 1735 + elevation * (-518.2 + elevation * (103.4 + elevation * (-12.79 + elevation * 0.711)))
        } else {
            arcSeconds = -20.774 / te
        }
        return arcSeconds / 3600
    }

    /// How far (degrees) the horizon seen from `elevation` metres lies below the astronomical one.
    static func horizonDip(elevation: Double) -> Double {
        guard elevation > 0 else { return 0 }
        let earthRadius = 6_356_900.0
        return degrees(acos(earthRadius / (earthRadius + elevation)))
    }

    static let unixEpochJulianDay = 2_440_587.5

    static func julianDay(utcDay: Int) -> Double { Double(utcDay) + unixEpochJulianDay }

    package static func localDay(of date: Date, in timeZone: TimeZone) -> Int {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((seconds / 86_400).rounded(.down))
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
