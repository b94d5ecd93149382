import CamschedCapture
import Logging

/// Between the shots of a time-lapse whose camera stays open, the camera runs at a slower rate
/// it offers at the same size, and is set back to the job's rate shortly before the next shot:
/// every frame a camera delivers costs a wake-up, a dequeue and a requeue, and at 30 fps a
/// shot every second paid for 30 frames to keep one.
///
/// A rate change is assumed to take effect only after the frame the camera is already
/// exposing (vivid and UVC devices that accept `VIDIOC_S_PARM` while streaming behave so), so
/// the job's rate is asked back one slow frame interval plus ``margin`` before the shot is due:
/// the shot's frame comes at the job's rate, as before. A camera that refuses a rate change
/// while streaming is not asked again for the rest of the stream.
struct IdleFrameRate {
    /// Time at the job's rate before a shot on top of one slow frame interval (the driver's
    /// thread has to notice the change; auto exposure has a few frames to follow it).
    static let margin: Int64 = 100_000_000
    /// The slowest rate used: the capture thread's watchdog allows 2 s without a frame.
    static let slowestRate = 1.0

    /// The slower rate for a wait of `gap` nanoseconds at `rate`, and how long before the end
    /// of the wait the job's rate is asked back; nil when no offered rate saves frames.
    ///
    /// Picks the rate that leaves the fewest frames in the wait: `(gap − lead)·slow + lead·rate`
    /// with `lead = 1/slow + margin`, spending at least one slow frame interval slowed down.
    static func plan(gap: Int64, rate: Double, offered: [Double]) -> (fps: Double, lead: Int64)? {
        var best: (fps: Double, lead: Int64, frames: Double)?
        // Slowest first, so that of two rates leaving as many frames the slower is kept.
        for slow in Set(offered).sorted() where slow >= slowestRate && slow < rate - 1e-6 {
            let interval = Int64(1e9 / slow)
            let lead = interval + margin
            let slowed = gap - lead
            guard slowed >= interval else { continue }
            let frames = Double(slowed) / 1e9 * slow + Double(lead) / 1e9 * rate
            if frames < best?.frames ?? Double(gap) / 1e9 * rate - 1 { best = (slow, lead, frames) }
        }
        return best.map { ($0.fps, $0.lead) }
    }

    /// The job's rate while slowed down (what ``restore(_:)`` asks back), nil otherwise.
    private(set) var slowedFrom: Double?
    /// False once the camera refused a change while streaming.
    private(set) var cameraAllowsChanges = true

    /// Slows `stream` down for a wait until `due` (monotonic ns) when that saves frames;
    /// returns when the job's rate has to be asked back, or nil when the rate was not changed.
    mutating func slowDown(_ stream: any FrameStream, now: Int64, due: Int64, logger: Logger) -> Int64? {
        guard cameraAllowsChanges, slowedFrom == nil, let rate = stream.info?.format.fps,
              let (fps, lead) = Self.plan(gap: due - now, rate: rate, offered: stream.offeredFrameRates) else { return nil }
        guard stream.changeFrameRate(fps) != nil else {
            // Refused (a UVC camera answers EBUSY while streaming), or another rate was set:
            // ask for the job's rate in case, and leave the camera alone from now on.
            cameraAllowsChanges = false
            _ = stream.changeFrameRate(rate)
            logger.debug("the camera does not change its frame rate while streaming; it stays at \(rate) fps between shots")
            return nil
        }
        slowedFrom = rate
        return due - lead
    }

    /// Asks the job's rate back after ``slowDown(_:now:due:logger:)``.
    mutating func restore(_ stream: any FrameStream, logger: Logger) {
        guard let rate = slowedFrom else { return }
        slowedFrom = nil
        guard stream.changeFrameRate(rate) == nil else { return }
        // A camera that was lost and came back meanwhile is set up at the job's rate again.
        if let now = stream.frameRateInForce, abs(now - rate) < 0.5 { return }
        cameraAllowsChanges = false
        logger.warning("the camera did not go back to \(rate) fps after the wait between shots; it is no longer slowed down between them")
    }
}
