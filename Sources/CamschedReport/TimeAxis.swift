/// The unit of a time axis that starts at the run's start: seconds for a run of up to ten
/// minutes, minutes up to three hours, hours beyond (a day-long time-lapse reads 0…24 h).
struct TimeAxis {
    /// Seconds per unit.
    let divisor: Double
    /// The axis's end, in units.
    let end: Double
    /// The axis's caption.
    let label: String

    init(seconds: Double) {
        let length = max(seconds, 0.001)
        switch length {
        case ..<600: (divisor, label) = (1, "seconds since the run started")
        case ..<(3 * 3600): (divisor, label) = (60, "minutes since the run started")
        default: (divisor, label) = (3600, "hours since the run started")
        }
        end = length / divisor
    }
}
