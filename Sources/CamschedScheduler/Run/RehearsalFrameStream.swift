import CamschedCapture
import CamschedCore
import CamschedMedia
import Foundation

/// A ``FrameStream`` seen on a rehearsal's clock: each frame restamped from the camera's real
/// clock onto the simulated one (timestamp and wall time), the mode's "no frame before" times
/// mapped back, and the camera's frame rate said in simulated time; the simulated clock stands
/// still while the camera starts. Everything else passes straight through.
final class RehearsalFrameStream: FrameStream {
    private let base: any FrameStream
    private let clock: RehearsalClock
    /// The frame last handed out and the frames lost before it, counted when it was pulled
    /// (what ``CameraStream/droppedFrames(before:)`` says of its last frame).
    private var lastHanded: (frame: ObjectIdentifier, dropped: Int)?

    init(_ base: any FrameStream, clock: RehearsalClock) {
        self.base = base
        self.clock = clock
    }

    var info: StreamInfo? { base.info }
    var pacesInRealTime: Bool { base.pacesInRealTime }
    var droppedFrames: Int { base.droppedFrames }
    var reopenFailure: CameraError? { base.reopenFailure }
    var onConfigured: ((StreamInfo) -> Void)? {
        get { base.onConfigured }
        set { base.onConfigured = newValue }
    }

    /// None on the simulated clock: it stands still while the camera starts (``start()``).
    var warmup: Duration { .zero }
    /// The camera's frames per simulated second (30 fps at `--speed 60`: one every 2 s).
    var frameRateInForce: Double? { base.frameRateInForce.map { $0 / clock.rate } }
    /// None: slowing the camera down between shots plans in the camera's time, which a
    /// rehearsal's waits (a second or less) leave no room for.
    var offeredFrameRates: [Double] { [] }

    func droppedFrames(before frame: VideoFrame) -> Int {
        lastHanded.flatMap { $0.frame == ObjectIdentifier(frame) ? $0.dropped : nil } ?? base.droppedFrames
    }

    /// Starts the camera with the simulated clock paused: its opening and warm-up take no
    /// simulated time, as their seconds are nothing in a real day.
    func start() throws(CameraError) {
        clock.pause()
        defer { clock.resume() }
        try base.start()
    }

    func next(timeout: Duration) throws(CameraError) -> StreamItem? {
        switch try base.next(timeout: timeout) {
        case let .frame(frame)?:
            return .frame(restamp(frame))
        case var .lost(loss)?:
            loss.at = clock.simulated(wall: loss.at)
            return .lost(loss)
        case let other:
            return other
        }
    }

    private func restamp(_ frame: VideoFrame) -> VideoFrame {
        let stamp = clock.simulated(frame.timestampNanoseconds)
        let restamped = frame.restamped(timestampNanoseconds: stamp, wallClock: clock.wall(atSimulated: stamp))
        lastHanded = (ObjectIdentifier(restamped), base.droppedFrames(before: frame))
        return restamped
    }

    func idle(until due: Int64) { base.idle(until: clock.real(due)) }
    func changeFrameRate(_ fps: Double) -> Double? { base.changeFrameRate(fps * clock.rate).map { $0 / clock.rate } }
    func stop() { base.stop() }

    func controls() throws(CameraError) -> [CameraControl] { try base.controls() }
    func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        try base.setControl(key, to: value)
    }
    func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue { try base.getControl(key) }
}
