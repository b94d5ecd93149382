import CamschedCore
import CamschedMedia

/// The frames of one camera for one run, pulled by a capture mode on its own thread.
///
/// Capture and encoding block (CONVENTIONS.md), so the stream is pulled with a timeout rather
/// than awaited. A stream owns the camera: it opens and configures it in ``start()``, hands out
/// ``StreamItem``s, reports a lost camera as `.lost` and its return as `.returned`, and releases
/// the device in ``stop()``.
package protocol FrameStream: AnyObject {
    /// What the stream captures from (nil before the first start).
    var info: StreamInfo? { get }
    /// False when frames come on the camera's own virtual clock (`pace=fast`): schedules then
    /// follow the frames' timestamps instead of the wall clock.
    var pacesInRealTime: Bool { get }
    /// Frames the stream lost so far: by the camera or its driver, or let go while the consumer
    /// wanted them and was late — not frames the consumer left on purpose (``idle()``).
    var droppedFrames: Int { get }
    /// The frames the stream lost before `frame`, one it handed out: what a still's sidecar
    /// carries (``droppedFrames`` may already count losses of frames read ahead).
    func droppedFrames(before frame: VideoFrame) -> Int
    /// Called each time the camera is configured, before it streams (at the start and at each
    /// return): a recorder opens its file here, because starting an encoder can take a second
    /// on a small board and frames arriving meanwhile would be discarded.
    var onConfigured: ((StreamInfo) -> Void)? { get set }

    /// Opens (or reopens) the camera, configures it, warms it up and starts streaming.
    /// A camera that is gone is not an error once it has streamed: the next item is `.lost`.
    /// - Throws: ``CameraError`` when the camera cannot be used at all.
    func start() throws(CameraError)
    /// The next item, waiting up to `timeout`; nil when nothing came in time.
    /// - Throws: ``CameraError`` for failures the stream cannot wait out.
    func next(timeout: Duration) throws(CameraError) -> StreamItem?
    /// Changes the frame rate while streaming; the rate in force, or nil when the camera
    /// cannot change it without stopping. ``info`` keeps the rate the stream was configured
    /// with (the job's): sidecars, the status page's target and the modes read that one, so a
    /// time-lapse slowed down between shots shows its own rate; ``frameRateInForce`` says what
    /// the camera runs at now.
    func changeFrameRate(_ fps: Double) -> Double?
    /// The rate the camera runs at now: ``info``'s until ``changeFrameRate(_:)`` changed it.
    var frameRateInForce: Double? { get }
    /// The frame rates the camera offers in its current mode (empty when unknown, or when the
    /// rate cannot be changed): what ``changeFrameRate(_:)`` can be given.
    var offeredFrameRates: [Double] { get }
    /// How long ``start()`` discards frames after the camera starts streaming (the run's
    /// warm-up): a mode that opens the camera just in time for a shot starts this much earlier.
    var warmup: Duration { get }
    /// Why the last attempt to take up a camera that went away failed; nil while the camera is
    /// there or was not tried yet. What a run that ends without it names: a camera that came
    /// back changed (``CameraError/cameBackChanged(path:had:offers:)``), or too slow to open.
    var reopenFailure: CameraError? { get }
    /// Stops streaming and releases the device (no descriptor is kept).
    func stop()

    /// The camera's controls with their current values (for exposure bracketing).
    func controls() throws(CameraError) -> [CameraControl]
    /// Sets a control (by meaning in the meaning's terms, by name in the camera's) and returns
    /// the value read back.
    func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue
    /// Reads a control's current value.
    func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue
    /// Called by a mode that waits between uses of a running stream (an interval between
    /// shots), wanting no frame stamped before `due` (monotonic ns, the frames' clock; `.max`:
    /// none until its next pull): frames lost or let go before it are not dropped frames. A
    /// stream that shows frames elsewhere (the live status preview) may take the frames queued
    /// meanwhile. It never waits and never reopens a camera.
    func idle(until due: Int64)
}

extension FrameStream {
    package func idle(until due: Int64) {}
    /// Waits wanting no frame until the next pull.
    package func idle() { idle(until: .max) }
    package var frameRateInForce: Double? { info?.format.fps }
    package var offeredFrameRates: [Double] { [] }
    package var warmup: Duration { .zero }
    package var reopenFailure: CameraError? { nil }
    package func droppedFrames(before frame: VideoFrame) -> Int { droppedFrames }
}

/// What a stream captures from: the camera, its format and its settings as applied.
package struct StreamInfo: Sendable, Equatable {
    package var identity: CameraIdentity
    package var format: CameraFormat
    package var appliedControls: AppliedControls
    /// For `codec: "auto"`: whether the recording copies the camera's frames, and why.
    package var copy: StreamCopyChoice?
    /// The sound the camera's stream carries (a network camera's; nil: none, or a camera whose
    /// sound is a microphone beside it).
    package var sound: StreamSound?

    package init(identity: CameraIdentity, format: CameraFormat, appliedControls: AppliedControls, copy: StreamCopyChoice? = nil,
                 sound: StreamSound? = nil) {
        self.identity = identity
        self.format = format
        self.appliedControls = appliedControls
        self.copy = copy
        self.sound = sound
    }
}
