/// The job a `snapshot` command runs: one still now, with the job's camera (device, size,
/// format, controls, warm-up), still settings, filing (root, path template, sidecar, EXIF,
/// catalog, `latest`), retention and hooks; whatever the job captures otherwise (a time-lapse,
/// a burst, a recording, triggered clips).
extension Job {
    package func snapshotJob() -> Job {
        var job = self
        job.capture = .interval(IntervalSpec(every: .seconds(1), count: 1))
        return job
    }
}
