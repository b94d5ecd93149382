/// A place on the earth: latitude (−90…90, north positive) and longitude (−180…180, east
/// positive) in degrees, and the observer's elevation above the surroundings in metres (its
/// horizon dips below the astronomical one, so the sun rises earlier and sets later).
public struct GeoLocation: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var elevation: Double

    public init(latitude: Double, longitude: Double, elevation: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }
}
