/// A place on the earth: latitude (−90…90, north positive) and longitude (−180…180, east
/// positive) in degrees, and the observer's elevation above the surroundings in metres (its
/// horizon dips below the astronomical one, so the sun rises earlier and sets later).
package struct GeoLocation: Equatable, Sendable {
    package var latitude: Double
    package var longitude: Double
    package var elevation: Double

    package init(latitude: Double, longitude: Double, elevation: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }
}
