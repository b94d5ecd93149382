import CamschedCore
import CamschedCapture
import CamschedMedia
import CamschedV4L2
import Foundation

/// A frame stream on a ``ManualCaptureClock``: frames at an exact rate (frame n at start +
/// n/fps), with scripted drops and camera losses, for testing capture modes without a camera
/// and without sleeping. Each frame carries its number in its pixels (``SyntheticPattern``).
package final class ScriptedFrameStream: FrameStream, @unchecked Sendable {
    package struct Loss: Sendable {
        package var from: Double
        package var until: Double
        package init(from: Double, until: Double) { self.from = from; self.until = until }
    }

    let clock: ManualCaptureClock
    let fps: Double
    let width: Int
    let height: Int
    /// Frame numbers the "driver" loses.
    package var dropped: Set<Int> = []
    package var losses: [Loss] = []
    /// Called with each frame's number just before the frame is handed out (tests fire
    /// external triggers there).
    package var onFrame: ((Int) -> Void)?
    /// Seconds at which a white block (a quarter of the picture's width, below the code rows)
    /// is drawn into the luma: motion for a trigger job.
    package var blockVisible: (Double) -> Bool = { _ in false }
    /// The camera is lost during its first warm-up (give `losses` one from 0): as
    /// `CameraStream`, ``start()`` has configured it (``onConfigured`` is called) but returns
    /// without ``info``, and the first ``next(timeout:)`` hands out the loss.
    package var lostInFirstWarmup = false
    /// How late (ns) frame n's timestamp is against its due time: a driver that filled it late.
    package var lateness: (Int) -> Int64 = { _ in 0 }
    /// The rate frames really come at, when not the configured `fps` that ``info`` says: a
    /// webcam exposing longer in low light. Set before the first ``start()``.
    package var deliveredFPS: Double?
    /// The stream ends (a file's last frame) after this many seconds, if set.
    package var endsAfter: Double?
    package var onConfigured: ((StreamInfo) -> Void)?
    package private(set) var info: StreamInfo?
    package private(set) var starts = 0
    /// The rates ``changeFrameRate(_:)`` accepts (none: it refuses every change, as a camera
    /// that cannot change its rate while streaming).
    package var offeredFrameRates: [Double] = []
    /// Refuses every change while streaming (as uvcvideo does with EBUSY), although it offers rates.
    package var refusesRateChanges = false
    /// Each accepted rate change: when it was asked (seconds from the first start) and the rate.
    package private(set) var rateChanges: [(at: Double, fps: Double)] = []
    /// The rate the frames come at now (``info`` keeps the configured one).
    package private(set) var frameRateInForce: Double?
    /// How many rate changes were asked for, accepted or not.
    package private(set) var rateRequests = 0
    private var origin: Int64 = 0
    /// The frames from `segmentIndex` on come every 1/`segmentFPS` s from `segmentStart`.
    private var segmentStart: Int64 = 0
    private var segmentIndex = 0
    private var segmentFPS: Double
    private var next = 0
    private var lostIndex: Int?
    package var pacesInRealTime: Bool { true }
    /// Frames lost while the consumer idled, due before it wanted frames again (``idle(until:)``;
    /// `.max`: until its next pull): not counted, as ``CaptureSession`` does not count them.
    private var unwanted: Set<Int> = []
    private var wantedFrom = Int64.min
    package var droppedFrames: Int { dropped.filter { $0 < next && !unwanted.contains($0) }.count }
    package func idle(until due: Int64) { wantedFrom = due }

    package init(clock: ManualCaptureClock, fps: Double = 10, width: Int = 320, height: Int = 180) {
        self.clock = clock
        self.fps = fps
        segmentFPS = fps
        self.width = width
        self.height = height
    }

    func time(_ n: Int) -> Int64 { segmentStart + Int64((Double(n - segmentIndex) * 1e9 / segmentFPS).rounded()) }
    /// The first frame due at or after `time`.
    func index(atOrAfter time: Int64) -> Int {
        segmentIndex + Int((Double(time - segmentStart) / 1e9 * segmentFPS).rounded(.up))
    }
    func seconds(_ time: Int64) -> Double { Double(time - origin) / 1e9 }

    package func start() throws(CameraError) {
        starts += 1
        if starts == 1 {
            origin = clock.monotonicNanoseconds()
            segmentStart = origin
            segmentFPS = deliveredFPS ?? fps
        } else {
            next = max(next, index(atOrAfter: clock.monotonicNanoseconds()))
            resetRate()
        }
        let configured = configuredInfo()
        onConfigured?(configured)
        if starts == 1, lostInFirstWarmup { return }
        info = configured
        frameRateInForce = fps
    }

    private func configuredInfo() -> StreamInfo {
        let format = CameraFormat(pixelFormat: .yu12, width: width, height: height, bytesPerLine: width, fps: fps)
        let identity = CameraIdentity(path: "scripted:", card: "scripted", driver: "camsched-test", bus: "virtual:scripted")
        return StreamInfo(identity: identity, format: format, appliedControls: AppliedControls())
    }

    package func next(timeout: Duration) throws(CameraError) -> StreamItem? {
        let limit = clock.monotonicNanoseconds() + timeout.wholeNanoseconds
        if let index = lostIndex { return waitForReturn(losses[index], limit: limit) }
        if wantedFrom == .max { wantedFrom = clock.monotonicNanoseconds() }
        unwanted.formUnion(dropped.filter { $0 >= next && time($0) < wantedFrom })
        while dropped.contains(next) { next += 1 }
        let due = time(next)
        if let end = endsAfter, seconds(due) >= end { throw .endOfStream(path: "scripted:") }
        if let index = losses.firstIndex(where: { seconds(due) >= $0.from && seconds(due) < $0.until }) {
            lostIndex = index
            clock.advance(to: origin + Int64(losses[index].from * 1e9))
            return .lost(StreamLoss(reason: "disconnected", error: .disconnected(path: "scripted:"), at: clock.now()))
        }
        guard due <= limit else {
            clock.advance(to: limit)
            return nil
        }
        clock.advance(to: due)
        let stamped = due + lateness(next)
        let frame: VideoFrame
        do {
            frame = try SyntheticPattern.makeFrame(width: width, height: height, pixelFormat: .yu12, frameNumber: UInt32(next),
                                                   timestampNanoseconds: stamped, wallClock: clock.wall(stamped))
        } catch {
            throw .streamFailed(path: "scripted:", reason: "\(error)")
        }
        onFrame?(next)
        let shown = blockVisible(seconds(due)) ? Self.withBlock(frame) : frame
        next += 1
        return .frame(shown)
    }

    private func waitForReturn(_ loss: Loss, limit: Int64) -> StreamItem? {
        let back = origin + Int64(loss.until * 1e9)
        guard back <= limit else {
            clock.advance(to: limit)
            return nil
        }
        clock.advance(to: back)
        lostIndex = nil
        next = index(atOrAfter: back)
        resetRate()
        let configured = configuredInfo()
        info = configured
        onConfigured?(configured)
        return .returned(configured.format)
    }

    /// A copy of a YU12 frame with a white block in its luma at (50 %…75 %, 40 %…80 %).
    static func withBlock(_ frame: VideoFrame) -> VideoFrame {
        var bytes = [UInt8](frame.bytes)
        for y in (frame.height * 2 / 5)..<(frame.height * 4 / 5) {
            for x in (frame.width / 2)..<(frame.width * 3 / 4) { bytes[y * frame.bytesPerLine + x] = 235 }
        }
        return bytes.withUnsafeBytes {
            VideoFrame(width: frame.width, height: frame.height, pixelFormat: frame.pixelFormat, bytesPerLine: frame.bytesPerLine,
                       copying: $0, sequence: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds,
                       wallClock: frame.wallClock, metadata: frame.metadata)
        }
    }

    /// A camera set up again (restarted, or back after a loss) runs at the job's rate.
    private func resetRate() {
        frameRateInForce = fps
        guard segmentFPS != deliveredFPS ?? fps else { return }
        segmentStart = time(next)
        segmentIndex = next
        segmentFPS = deliveredFPS ?? fps
    }

    /// As a driver does: the frame already due keeps its time, the ones after it come at the
    /// new rate.
    package func changeFrameRate(_ fps: Double) -> Double? {
        rateRequests += 1
        guard !refusesRateChanges, offeredFrameRates.contains(fps), info != nil else { return nil }
        // Frames due before now were the driver's to drop (nobody pulled them).
        next = max(next, index(atOrAfter: clock.monotonicNanoseconds()))
        segmentStart = time(next)
        segmentIndex = next
        segmentFPS = fps
        // As CameraStream: `info` keeps the configured rate, the rate in force is apart.
        frameRateInForce = fps
        rateChanges.append((seconds(clock.monotonicNanoseconds()), fps))
        return fps
    }
    package func stop() {}
    /// The controls the stream offers (none unless a test gives some); values set are kept,
    /// clamped to each control's range, as a driver does.
    package var controlTable: [CameraControl] = []
    package func controls() throws(CameraError) -> [CameraControl] { controlTable }
    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        guard let index = controlTable.firstIndex(where: { Self.matches($0, key) }) else {
            throw .unsupportedControl(name: "control", reason: "the scripted stream has none")
        }
        let taken = controlTable[index].clamp(value)
        controlTable[index].value = taken
        return taken
    }
    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue {
        guard let value = controlTable.first(where: { Self.matches($0, key) })?.value else {
            throw .unsupportedControl(name: "control", reason: "the scripted stream has none")
        }
        return value
    }
    private static func matches(_ control: CameraControl, _ key: ControlKey) -> Bool {
        switch key {
        case let .meaning(meaning): control.meaning == meaning
        case let .name(name): control.name == name
        }
    }
}
