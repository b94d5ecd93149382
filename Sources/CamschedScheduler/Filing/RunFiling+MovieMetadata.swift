import CamschedCore
import CamschedMedia

extension RunFiling {
    /// What a video file of this run says of itself: the job as title, the run id, camsched's
    /// version, and when the recording started (now, on the run's clock).
    func movieMetadata() -> MovieMetadata {
        MovieMetadata(title: job.name, runID: runID, comment: "camsched \(CamschedVersion.current)", creationTime: clock.now())
    }
}
