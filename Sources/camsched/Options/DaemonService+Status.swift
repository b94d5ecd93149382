import CamschedScheduler
import CamschedStatus
import Foundation

extension DaemonService {
    /// What the status server sees of the daemon: the scheduled jobs with their next fire,
    /// and starting one now.
    func statusControl() -> StatusControl {
        let scheduler = self.scheduler
        return StatusControl(
            jobs: { [self] in
                let jobs = currentJobs()
                return await scheduler.listing().compactMap { entry in
                    jobs[entry.name].map { JobListing(job: $0, nextFireAt: entry.nextFire, isRunning: entry.running) }
                }
            },
            runNow: { name in await scheduler.runNow(name: name, now: Date()) })
    }
}
