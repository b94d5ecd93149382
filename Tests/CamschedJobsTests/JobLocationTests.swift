import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// `location` in a job, and `$CAMSCHED_LOCATION` for jobs without one.
@Suite("Job location")
struct JobLocationTests {
    static let capture = #""capture": {"interval": {"every": "1s", "count": 1}}"#

    func load(_ extra: String, environment: [String: String] = [:]) throws(JobFileError) -> Job {
        let json = #"{"name": "sun", \#(Self.capture)\#(extra)}"#
        return try JobLoader.load(data: Data(json.utf8), sourceURL: nil, environment: environment)
    }

    func problems(_ extra: String, environment: [String: String] = [:]) -> [JobProblem] {
        do {
            _ = try load(extra, environment: environment)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func jobLocationIsRead() throws {
        let job = try load(#", "location": {"latitude": 52.52, "longitude": 13.40, "elevation": 34}"#)
        #expect(job.location == GeoLocation(latitude: 52.52, longitude: 13.40, elevation: 34))
        let noElevation = try load(#", "location": {"latitude": -54.8, "longitude": -68.3}"#)
        #expect(noElevation.location == GeoLocation(latitude: -54.8, longitude: -68.3, elevation: 0))
        #expect(try load("").location == nil)
    }

    @Test func theJobsLocationWinsOverTheEnvironments() throws {
        let environment = [LocationDecoder.variable: #"{"latitude": 69.65, "longitude": 18.96}"#]
        let own = try load(#", "location": {"latitude": 48.1, "longitude": 11.6}"#, environment: environment)
        #expect(own.location == GeoLocation(latitude: 48.1, longitude: 11.6))
        let fromEnvironment = try load("", environment: environment)
        #expect(fromEnvironment.location == GeoLocation(latitude: 69.65, longitude: 18.96))
    }

    @Test(arguments: [
        (#"{"latitude": 91, "longitude": 13.4}"#, "location.latitude",
         "a latitude of 91 is not on the earth; use -90 to 90 (degrees, north positive)"),
        (#"{"latitude": -90.5, "longitude": 13.4}"#, "location.latitude",
         "a latitude of -90.5 is not on the earth; use -90 to 90 (degrees, north positive)"),
        (#"{"latitude": 52, "longitude": 181}"#, "location.longitude",
         "a longitude of 181 is not on the earth; use -180 to 180 (degrees, east positive)"),
        (#"{"latitude": 52, "longitude": 1e300}"#, "location.longitude",
         "a longitude of 1e300 is not on the earth; use -180 to 180 (degrees, east positive)"),
        (#"{"latitude": 52, "longitude": 13, "elevation": 9001}"#, "location.elevation",
         "an elevation of 9001 is out of range; use -500 to 9000 (metres above sea level)"),
        (#"{"latitude": "52", "longitude": 13}"#, "location.latitude", #"expected a number, found "52""#),
        (#"{"longitude": 13}"#, "location", #"missing required key "latitude""#),
        (#"{"latitude": 52, "longitude": 13, "altitude": 3}"#, "location.altitude",
         #""altitude": unknown key; did you mean "latitude"?"#),
        (#"[52, 13]"#, "location", "expected an object, found an array"),
    ])
    func badLocationsAreClearProblems(location: String, path: String, message: String) {
        let found = problems(#", "location": \#(location)"#)
        #expect(found.map(\.path) == [path])
        #expect(found.map(\.message) == [message])
    }

    @Test func aBadEnvironmentLocationNamesTheVariable() {
        let found = problems("", environment: [LocationDecoder.variable: #"{"latitude": 52, "longitude": 181}"#])
        #expect(found.map(\.message) == [
            "CAMSCHED_LOCATION (from the environment) longitude: a longitude of 181 is not on the earth; use -180 to 180 (degrees, east positive)",
        ])
        let notJSON = problems("", environment: [LocationDecoder.variable: "52.5,13.4"])
        #expect(notJSON.count == 1)
        #expect(notJSON.first?.message.hasPrefix("CAMSCHED_LOCATION (from the environment) is not JSON") == true)
        // A job with its own location does not read the variable.
        #expect(problems(#", "location": {"latitude": 1, "longitude": 2}"#,
                         environment: [LocationDecoder.variable: "junk"]).isEmpty)
    }
}
