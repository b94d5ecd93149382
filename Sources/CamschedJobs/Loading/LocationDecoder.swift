import CamschedCore
import Foundation

/// The `location` section, or `$CAMSCHED_LOCATION` for a job without one: where sun events are
/// computed for.
struct LocationDecoder {
    let reader: JobReader

    /// The environment variable that gives jobs without a `location` of their own one: the
    /// daemon's configuration (a systemd drop-in's `Environment=`), read by every command.
    static let variable = "CAMSCHED_LOCATION"

    /// `{"latitude": 52.52, "longitude": 13.40, "elevation": 34}`: degrees north and east,
    /// metres above sea level (optional, default 0).
    func decode(_ node: JSONNode, _ path: JobPath) -> GeoLocation? {
        guard let object = reader.object(node, path, keys: ["latitude", "longitude", "elevation"]) else { return nil }
        let latitude = reader.requiredField(object, "latitude") {
            coordinate($0, $1, in: JobLimits.latitude, name: "latitude", hint: "degrees, north positive")
        }
        let longitude = reader.requiredField(object, "longitude") {
            coordinate($0, $1, in: JobLimits.longitude, name: "longitude", hint: "degrees, east positive")
        }
        let elevation = reader.field(object, "elevation") {
            coordinate($0, $1, in: JobLimits.elevation, name: "elevation", hint: "metres above sea level")
        }
        guard let latitude, let longitude else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude, elevation: elevation ?? 0)
    }

    /// A number within `range`, with a message that says what the number is:
    /// `a latitude of 91 is not on the earth; use -90 to 90 (degrees, north positive)`.
    private func coordinate(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Double>,
                            name: String, hint: String) -> Double? {
        guard let value = reader.number(node, path) else { return nil }
        guard value.isFinite, range.contains(value) else {
            let what = name == "elevation" ? "an elevation of \(node.shortDescription) is out of range"
                : "a \(name) of \(node.shortDescription) is not on the earth"
            reader.report(path, node.location,
                          "\(what); use \(JobReader.format(range.lowerBound)) to \(JobReader.format(range.upperBound)) (\(hint))")
            return nil
        }
        return value
    }

    /// The location of `$CAMSCHED_LOCATION`, for a job without its own; problems with it are
    /// reported against the job's `location` key, naming the variable.
    func environmentLocation() -> GeoLocation? {
        guard let text = reader.environment[Self.variable],
              !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let prefix = "\(Self.variable) (from the environment)"
        let node: JSONNode
        do {
            node = try JSONParser.parse(Data(text.utf8))
        } catch {
            reader.report(.root.key("location"), .none,
                          "\(prefix) is not JSON (\(error.message)); set it to {\"latitude\": 52.52, \"longitude\": 13.40}")
            return nil
        }
        let inner = JobReader(baseDirectory: nil)
        let location = LocationDecoder(reader: inner).decode(node, .root)
        for problem in inner.sortedProblems {
            let at = problem.path.isEmpty ? "" : " \(problem.path)"
            reader.report(.root.key("location"), .none, "\(prefix)\(at): \(problem.message)")
        }
        return location
    }
}
