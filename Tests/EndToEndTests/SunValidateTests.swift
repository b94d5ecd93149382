import CamschedTestSupport
import Foundation
import Testing

/// `camsched validate` on bad sun-relative input: each a clear message with the JSON path,
/// line and column, and exit code 2 as for every invalid job.
@Suite struct SunValidateTests {
    static let berlin = #", "location": {"latitude": 52.52, "longitude": 13.40}"#

    static func job(interval: String = #"{"every": "1m", "from": "sunrise", "until": "sunset"}"#,
                    extra: String = berlin, schedule: String = "") -> String {
        #"{"name": "sun", "capture": {"interval": \#(interval)}\#(extra)\#(schedule)}"#
    }

    @Test(arguments: [
        (job(extra: #", "location": {"latitude": 91, "longitude": 13.4}"#),
         "location.latitude: a latitude of 91 is not on the earth; use -90 to 90 (degrees, north positive)"),
        (job(extra: #", "location": {"latitude": 52.5, "longitude": 181}"#),
         "location.longitude: a longitude of 181 is not on the earth; use -180 to 180 (degrees, east positive)"),
        (job(interval: #"{"every": "1m", "from": "sunrise+25h", "until": "sunset"}"#),
         #"capture.interval.from: the offset in "sunrise+25h" is more than 12 hours; use an offset of at most 12h before or after the event"#),
        (job(extra: ""),
         #"capture.interval.from: "sunrise": a sun event needs a location: add "location": {"latitude": …, "longitude": …} to the job, or set CAMSCHED_LOCATION (e.g. for the daemon)"#),
        (job(schedule: #", "schedule": {"cron": "0 4 * * *", "at": "sunrise-1h"}"#),
         #"schedule.at: use only one of "cron", "at" and "always": "cron" fires at clock times, "at" once a day at a sun event, "always" keeps the job running"#),
        (job(schedule: #", "schedule": {"at": "noon"}"#),
         #"schedule.at: "noon" is not a sun event; use one of sunrise, sunset, dawn, dusk, nauticalDawn, nauticalDusk, astronomicalDawn, astronomicalDusk"#),
    ])
    func badSunInputIsAClearValidateError(job: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("sun.json", job)
        let result = try CamschedBinary.run(["validate", file.path])
        #expect(result.status == 2)
        // FILE:LINE:COLUMN: PATH: MESSAGE, the first problem of the file.
        let first = try #require(result.stderr.split(separator: "\n").first.map(String.init))
        #expect(first.contains("sun.json:1:") && first.hasSuffix(": " + message), "\(result.stderr)")
    }

    @Test func theDaemonsLocationVariableSatisfiesASunTime() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("sun.json", Self.job(extra: "", schedule: #", "schedule": {"at": "dusk"}"#))
        let result = try CamschedBinary.run(["validate", file.path],
                                            environment: ["CAMSCHED_LOCATION": #"{"latitude": 52.52, "longitude": 13.40}"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ok (sun, interval, schedule at dusk)"), "\(result.stdout)")
    }
}
