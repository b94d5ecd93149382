import CamschedCore
import CamschedCapture
import CamschedMedia

/// A ``FrameStream`` that shows each frame it hands out to a ``FrameTap`` (the live status
/// page's preview and frame counters) and otherwise passes everything straight through.
/// Of an H.264 stream only keyframes are offered (a preview decodes them on the client's side),
/// told by their NAL units only while a client waits for one.
final class TappedFrameStream: FrameStream {
    private let base: any FrameStream
    private let tap: FrameTap
    /// A loss taken while idle, handed out by the next ``next(timeout:)``.
    private var stashed: StreamItem?
    /// Tells H.264 keyframes; made when a client first waits for a frame of an H.264 stream.
    private var keyframes: KeyframeDetector?

    init(_ base: any FrameStream, tap: FrameTap) {
        self.base = base
        self.tap = tap
        tap.streamBegan()
    }

    var info: StreamInfo? { base.info }
    var pacesInRealTime: Bool { base.pacesInRealTime }
    var droppedFrames: Int { base.droppedFrames }
    var warmup: Duration { base.warmup }
    var reopenFailure: CameraError? { base.reopenFailure }
    func droppedFrames(before frame: VideoFrame) -> Int { base.droppedFrames(before: frame) }
    var onConfigured: ((StreamInfo) -> Void)? {
        get { base.onConfigured }
        set { base.onConfigured = newValue }
    }

    func start() throws(CameraError) {
        try base.start()
        if let format = base.info?.format { tap.configured(fps: format.fps, keyframes: format.pixelFormat == .h264) }
    }

    func next(timeout: Duration) throws(CameraError) -> StreamItem? {
        if let item = stashed {
            stashed = nil
            return item
        }
        let item = try base.next(timeout: timeout)
        tap.dropped(inStream: base.droppedFrames)
        switch item {
        case let .frame(frame)?: offersItself(frame) ? tap.observe(frame) : tap.count(frame)
        case .lost?: tap.paused()
        default: break
        }
        return item
    }

    /// While the mode waits and a client asked for a frame: takes what the camera queued
    /// meanwhile (the newest is offered to the tap). Only on a streaming camera, without waiting.
    /// Then tells the stream the mode does not want the frames meanwhile.
    func idle(until due: Int64) {
        defer {
            base.idle(until: due)
            tap.dropped(inStream: base.droppedFrames)
        }
        guard tap.wantsFrame, tap.isStreaming, stashed == nil else { return }
        var newest: VideoFrame?
        while let item = try? base.next(timeout: .zero) {
            guard case let .frame(frame) = item else {
                stashed = item
                if case .lost = item { tap.paused() }
                break
            }
            guard offersItself(frame) else {
                tap.count(frame)
                continue
            }
            if let older = newest { tap.count(older) }
            newest = frame
        }
        if let newest { tap.observe(newest) }
    }

    /// Whether `frame` can be a preview: any frame but an H.264 frame that is not a keyframe.
    /// A frame of an H.264 stream is parsed only while a client waits (a few NAL headers); a
    /// parser FFmpeg cannot give offers every frame, and the client says why it does not decode.
    private func offersItself(_ frame: VideoFrame) -> Bool {
        guard frame.pixelFormat == .h264, tap.wantsFrame else { return true }
        if keyframes == nil { keyframes = try? KeyframeDetector(format: .h264) }
        return keyframes?.isKeyframe(frame.bytes) ?? true
    }

    func changeFrameRate(_ fps: Double) -> Double? { base.changeFrameRate(fps) }
    var frameRateInForce: Double? { base.frameRateInForce }
    var offeredFrameRates: [Double] { base.offeredFrameRates }

    func stop() {
        tap.paused()
        base.stop()
    }

    func controls() throws(CameraError) -> [CameraControl] { try base.controls() }
    func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        try base.setControl(key, to: value)
    }
    func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue { try base.getControl(key) }
}
