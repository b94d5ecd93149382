/// The five fields of a cron expression, in order.
package enum CronField: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case minute, hour, dayOfMonth, month, dayOfWeek

    /// The field's name as messages print it: `minute`, `day-of-month`, ….
    package var description: String {
        switch self {
        case .minute: "minute"
        case .hour: "hour"
        case .dayOfMonth: "day-of-month"
        case .month: "month"
        case .dayOfWeek: "day-of-week"
        }
    }

    /// The values the field accepts (day-of-week accepts 7 as a second Sunday).
    var bounds: ClosedRange<Int> {
        switch self {
        case .minute: 0...59
        case .hour: 0...23
        case .dayOfMonth: 1...31
        case .month: 1...12
        case .dayOfWeek: 0...7
        }
    }

    /// Names accepted in place of numbers, upper-cased.
    var names: [String: Int] {
        switch self {
        case .month:
            ["JAN": 1, "FEB": 2, "MAR": 3, "APR": 4, "MAY": 5, "JUN": 6,
             "JUL": 7, "AUG": 8, "SEP": 9, "OCT": 10, "NOV": 11, "DEC": 12]
        case .dayOfWeek:
            ["SUN": 0, "MON": 1, "TUE": 2, "WED": 3, "THU": 4, "FRI": 5, "SAT": 6]
        default: [:]
        }
    }
}
