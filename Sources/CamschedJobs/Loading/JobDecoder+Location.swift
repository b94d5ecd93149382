import CamschedCore
import Foundation

extension JobDecoder {
    /// The environment variable that gives jobs without a `location` of their own one: the
    /// daemon's configuration (a systemd drop-in's `Environment=`), read by every command.
    package static let locationVariable = "CAMSCHED_LOCATION"

    /// `{"latitude": 52.52, "longitude": 13.40, "elevation": 34}`: degrees north and east,
    /// metres above sea level (optional, default 0).
    func location(_ node: JSONNode, _ path: JobPath) -> GeoLocation? {
        guard let object = object(node, path, keys: ["latitude", "longitude", "elevation"]) else { return nil }
        let latitude = requiredField(object, "latitude") {
            coordinate($0, $1, in: JobLimits.latitude, name: "latitude", hint: "degrees, north positive")
        }
        let longitude = requiredField(object, "longitude") {
            coordinate($0, $1, in: JobLimits.longitude, name: "longitude", hint: "degrees, east positive")
        }
        let elevation = field(object, "elevation") {
            coordinate($0, $1, in: JobLimits.elevation, name: "elevation", hint: "metres above sea level")
        }
        guard let latitude, let longitude else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude, elevation: elevation ?? 0)
    }

    /// A number within `range`, with a message that says what the number is:
    /// `a latitude of 91 is not on the earth; use -90 to 90 (degrees, north positive)`.
    private func coordinate(_ node: JSONNode, _ path: JobPath, in range: ClosedRange<Double>,
                            name: String, hint: String) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard value.isFinite, range.contains(value) else {
            let what = name == "elevation" ? "an elevation of \(node.shortDescription) is out of range"
                : "a \(name) of \(node.shortDescription) is not on the earth"
            report(path, node.location,
                   "\(what); use \(JobDecoder.format(range.lowerBound)) to \(JobDecoder.format(range.upperBound)) (\(hint))")
            return nil
        }
        return value
    }

    /// The location of `$CAMSCHED_LOCATION`, for a job without its own; problems with it are
    /// reported against the job's `location` key, naming the variable.
    func environmentLocation() -> GeoLocation? {
        guard let text = environment[Self.locationVariable],
              !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let prefix = "\(Self.locationVariable) (from the environment)"
        let node: JSONNode
        do {
            node = try JSONParser.parse(Data(text.utf8))
        } catch {
            report(.root.key("location"), .none,
                   "\(prefix) is not JSON (\(error.message)); set it to {\"latitude\": 52.52, \"longitude\": 13.40}")
            return nil
        }
        let inner = JobDecoder(baseDirectory: nil)
        let location = inner.location(node, .root)
        for problem in inner.sortedProblems {
            let at = problem.path.isEmpty ? "" : " \(problem.path)"
            report(.root.key("location"), .none, "\(prefix)\(at): \(problem.message)")
        }
        return location
    }
}
