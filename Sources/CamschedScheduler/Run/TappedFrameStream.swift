import CamschedCore
import CamschedCapture
import CamschedMedia

/// A ``FrameStream`` that shows each frame it hands out to a ``FrameTap`` (the live status
/// page's preview and frame counters) and otherwise passes everything straight through.
final class TappedFrameStream: FrameStream {
    private let base: any FrameStream
    private let tap: FrameTap
    /// A loss taken while idle, handed out by the next ``next(timeout:)``.
    private var stashed: StreamItem?

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
        if let fps = base.info?.format.fps { tap.configured(fps: fps) }
    }

    func next(timeout: Duration) throws(CameraError) -> StreamItem? {
        if let item = stashed {
            stashed = nil
            return item
        }
        let item = try base.next(timeout: timeout)
        tap.dropped(inStream: base.droppedFrames)
        switch item {
        case let .frame(frame)?: tap.observe(frame)
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
            if let older = newest { tap.count(older) }
            newest = frame
        }
        if let newest { tap.observe(newest) }
    }

    func changeFrameRate(_ fps: Double) -> Double? { base.changeFrameRate(fps) }
    var frameRateInForce: Double? { base.frameRateInForce }
    var offeredFrameRates: [Double] { base.offeredFrameRates }

    func stop() {
        tap.paused()
        base.stop()
    }

    func controls() throws(CameraError) -> [CameraControl] { try base.controls() }
    func setControl(id: UInt32, value: Int64) throws(CameraError) -> Int64 { try base.setControl(id: id, value: value) }
    func getControl(id: UInt32) throws(CameraError) -> Int64 { try base.getControl(id: id) }
}
