/// A moment of the day defined by the sun's apparent elevation (SPEC section 9's names).
///
/// Sunrise and sunset are the moments the sun's upper limb touches the horizon; the dawns and
/// dusks are the moments the sun's centre is 6° (civil: `dawn`, `dusk`), 12° (nautical) or 18°
/// (astronomical) below it.
package enum SunEvent: String, CaseIterable, Sendable {
    case sunrise
    case sunset
    case dawn
    case dusk
    case nauticalDawn
    case nauticalDusk
    case astronomicalDawn
    case astronomicalDusk

    /// The sun's semidiameter seen from the earth, in degrees (32 arc minutes across).
    static let solarSemidiameter = 32.0 / 60.0 / 2.0

    /// The sun's centre's zenith angle at the event, before refraction and horizon dip, in degrees.
    var zenith: Double {
        switch self {
        case .sunrise, .sunset: 90 + Self.solarSemidiameter
        case .dawn, .dusk: 96
        case .nauticalDawn, .nauticalDusk: 102
        case .astronomicalDawn, .astronomicalDusk: 108
        }
    }

    /// True for the morning events (the sun rising through the elevation).
    var isRising: Bool {
        switch self {
        case .sunrise, .dawn, .nauticalDawn, .astronomicalDawn: true
        case .sunset, .dusk, .nauticalDusk, .astronomicalDusk: false
        }
    }
}
