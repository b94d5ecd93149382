import Foundation

extension SolarCalculator {
    /// Why a date has no `event` (``time(of:year:month:day:in:)`` gave nil): true when the sun
    /// stays above the event's elevation all day (polar day for sunrise and sunset; white
    /// nights for the dawns and dusks), false when it stays below it (polar night).
    ///
    /// The sun is highest at solar noon, so a day without a crossing lies above the event's
    /// elevation exactly when noon does.
    package func sunStaysAbove(_ event: SunEvent, year: Int, month: Int, day: Int, in timeZone: TimeZone) -> Bool {
        let noon = solarNoon(year: year, month: month, day: day, in: timeZone)
        return elevation(at: noon) > 90 - event.zenith
    }
}
