import CamschedCore
import CamschedJobs
import CamschedScheduler
import CamschedTestSupport
import Foundation
import Synchronization
import Testing

/// The daemon's scheduler with a `schedule.at` job (its next fire is `Job.nextFire`, as
/// `camsched daemon` gives it): one fire a day at the sun time across the spring change, and
/// `missed` as for cron.
@Suite struct SunDaemonScheduleTests {
    static let job = #"""
    {"name": "dusk", "capture": {"interval": {"every": "1s", "count": 1}},
     "location": {"latitude": 52.52, "longitude": 13.40},
     "schedule": {"at": "sunset+15m", "timezone": "Europe/Berlin", "missed": "MISSED"}}
    """#

    /// The fire times the scheduler ran the job at.
    final class Runs: Sendable {
        let list = Mutex<[Date]>([])
        var all: [Date] { list.withLock { $0 } }
    }

    static func scheduled(missed: String, runs: Runs) throws -> ScheduledJob {
        let job = try JobLoader.load(data: Data(Self.job.replacingOccurrences(of: "MISSED", with: missed).utf8),
                                     sourceURL: nil, environment: [:])
        return ScheduledJob(id: "dusk", name: "dusk", missed: job.schedule?.missed == .once ? .once : .skip,
                            nextFire: { job.nextFire(after: $0) },
                            run: { at in runs.list.withLock { $0.append(at) }; return 0 })
    }

    @Test func firesEveryEveningAtSunsetAcrossTheSpringChange() async throws {
        let start = try #require(ISO8601DateFormatter().date(from: "2026-03-25T12:00:00Z"))
        let clock = ManualWallClock(start: start)
        let runs = Runs()
        let scheduler = DaemonScheduler(clock: clock, awaitsEachRun: true)
        await scheduler.reload([try Self.scheduled(missed: "skip", runs: runs)])
        await scheduler.run(until: start.addingTimeInterval(10 * 86_400))
        let fired = runs.all
        #expect(fired.count == 10)
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let calculator = SolarCalculator(location: GeoLocation(latitude: 52.52, longitude: 13.40))
        for (index, fire) in fired.enumerated() {
            let day = CivilTime.date(days: SolarCalculator.localDay(of: start, in: berlin) + index)
            let sunset = try #require(calculator.time(of: .sunset, year: day.year, month: day.month, day: day.day, in: berlin))
            #expect(fire == sunset.addingTimeInterval(900), "fire \(index)")
        }
        // Local time steps by an hour on 2026-03-29 (19:36 CEST vs 18:34 CET the day before).
        let local = Calendar(identifier: .gregorian)
        var calendar = local
        calendar.timeZone = berlin
        #expect(fired.map { calendar.component(.hour, from: $0) } == [18, 18, 18, 18, 19, 19, 19, 19, 19, 19])
    }

    @Test func missedSunFiresAreSkippedOrRunOnce() async throws {
        for missed in ["skip", "once"] {
            let start = try #require(ISO8601DateFormatter().date(from: "2026-06-01T12:00:00Z"))
            let clock = ManualWallClock(start: start)
            let runs = Runs()
            let scheduler = DaemonScheduler(clock: clock, awaitsEachRun: true)
            await scheduler.reload([try Self.scheduled(missed: missed, runs: runs)])
            // The machine is off for three days and a half, from noon (UTC) on 1 June: the
            // evenings of 1 to 4 June are missed.
            clock.advance(by: 3.5 * 86_400)
            await scheduler.run(until: clock.now().addingTimeInterval(1))
            #expect(runs.all.count == (missed == "once" ? 1 : 0), "missed \(missed)")
            #expect(await scheduler.skipped.count == 4)
        }
    }
}
