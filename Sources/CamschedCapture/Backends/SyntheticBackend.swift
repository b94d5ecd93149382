import CamschedCore
import CamschedMedia
import CamschedV4L2
import Foundation
import Synchronization

/// The built-in `test:` camera: a moving test pattern (or, with `scene=day`, a scene lit by the
/// sun that its emulated sensor takes, ``DayScene``) at exact timing, with emulated focus,
/// exposure, gain, white-balance and zoom controls (``EmulatedSensor``), and fault injection
/// from its URI.
///
/// Frame k is stamped start + k/fps on the monotonic clock, and (paced in real time) is
/// delivered at that moment; with `pace=fast` it is delivered at once with the same stamps,
/// so an hour of frames passes in seconds while every timestamp stays exact.
/// Its controls, stream clock and frame counters are in `state`.
package final class SyntheticBackend: CameraBackend, Sendable {
    package let identity: CameraIdentity
    package let options: SyntheticCameraOptions

    private let state: Mutex<State>
    /// `format=H264`: the stream's encoder (a new stream starts with a keyframe); used by the
    /// capture thread only, under a lock of its own.
    private let h264 = Mutex<CameraStreamEncoder?>(nil)
    private static let disconnectRegistry = Mutex<[String: Int64]>([:])
    /// How many times each camera was unplugged and came back: `disconnectAfter` unplugs a
    /// camera `disconnects` times.
    private static let returnedRegistry = Mutex<[String: Int]>([:])

    private struct State {
        var format: CameraFormat?
        var sensor: EmulatedSensor
        /// `scene=day`: its clock and light, and its picture for the current size.
        var dayScene: DayScene?
        var dayLayout: DaySceneLayout?
        var streamStart: Int64 = 0
        var frameIndex: Int64 = 0
        var sequence: UInt32 = 0
        var dropped = 0
        var pendingRate: Double?
        /// The stream start after the camera last came back: the next `disconnectAfter` counts
        /// from there, not from the first start (which would unplug it again at once).
        var startSinceReturn: Int64?
        var cameBack = false
        var firstStart: Int64?

        mutating func firstStreamStart() -> Int64 {
            if let firstStart { return firstStart }
            firstStart = streamStart
            return streamStart
        }
    }

    package init(options: SyntheticCameraOptions, uri: String = "test:") {
        self.options = options
        state = Mutex(State(sensor: EmulatedSensor(options: options), dayScene: options.dayScene.map { DayScene(options: $0) }))
        identity = CameraIdentity(path: uri, card: options.card, driver: "camsched-test", bus: "virtual:test",
                                  stableKey: "test|\(uri)")
    }

    package var pacesInRealTime: Bool { !options.fastPace }
    package var droppedFrames: Int { state.withLock { $0.dropped } }

    package func open() throws(CameraError) {
        if options.busy { throw .busy(path: identity.path, holder: "fault injection (busy=true)") }
        let key = identity.stableKey
        let gone = SyntheticBackend.disconnectRegistry.withLock { $0[key] }
        if let gone {
            let now = MonotonicClock.nanoseconds()
            if let back = options.returnAfter, now - gone >= SyntheticBackend.nanoseconds(back) {
                SyntheticBackend.disconnectRegistry.withLock { $0[key] = nil }
                SyntheticBackend.returnedRegistry.withLock { $0[key, default: 0] += 1 }
                state.withLock { $0.cameBack = true }
            } else {
                throw .notFound(uri: identity.path, available: [])
            }
        }
        state.withLock { $0.sensor = EmulatedSensor(options: options) }
    }

    package func modes() throws(CameraError) -> [CameraMode] {
        var sizes = [(320, 180), (640, 360), (640, 480), (1280, 720), (1920, 1080)]
        if !sizes.contains(where: { $0 == (options.width, options.height) }) { sizes.append((options.width, options.height)) }
        var rates = [5.0, 10, 15, 20, 25, 30, 60]
        if !rates.contains(options.fps) { rates.append(options.fps) }
        // H.264 (a camera with its own encoder) only when asked for: the URI's format comes first.
        let formats: [FourCC] = [options.pixelFormat] + [FourCC.yuyv, .nv12, .yu12, .mjpg].filter { $0 != options.pixelFormat }
        return formats.flatMap { code in
            sizes.sorted { $0.0 * $0.1 < $1.0 * $1.1 }.map { CameraMode(pixelFormat: code, width: $0.0, height: $0.1, frameRates: rates) }
        }
    }

    /// The mode the URI asks for: what `camera.size` unset means for this camera.
    package var defaultMode: CameraMode {
        CameraMode(pixelFormat: options.pixelFormat, width: options.width, height: options.height, frameRates: [options.fps])
    }

    package func currentMode() -> CameraMode? { defaultMode }

    package func controls() throws(CameraError) -> [CameraControl] {
        state.withLock { $0.sensor.controls() }
    }

    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        try state.withLock { state throws(CameraError) -> ControlValue in try state.sensor.set(key, to: value) }
    }

    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue {
        try state.withLock { state throws(CameraError) -> ControlValue in try state.sensor.value(key) }
    }

    package func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        let offered = try modes()
        guard offered.contains(where: { $0.pixelFormat == mode.pixelFormat && $0.width == mode.width && $0.height == mode.height }) else {
            throw .unsupportedMode(requested: mode.summary, supported: offered.map(\.summary))
        }
        return state.withLock { state -> CameraFormat in
            let bytesPerLine = mode.pixelFormat == .yuyv ? mode.width * 2 : mode.width
            let applied = CameraFormat(pixelFormat: mode.pixelFormat, width: mode.width, height: mode.height,
                                       bytesPerLine: bytesPerLine, fps: fps)
            state.format = applied
            return applied
        }
    }

    package func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? {
        state.withLock { state in
            guard state.format != nil else { return nil }
            // Applied by the capture thread before its next frame, so timestamps stay continuous.
            state.pendingRate = fps
            return fps
        }
    }

    package func startStreaming() throws(CameraError) {
        state.withLock { state in
            state.streamStart = MonotonicClock.nanoseconds()
            state.frameIndex = 0
            if state.cameBack { (state.startSinceReturn, state.cameBack) = (state.streamStart, false) }
        }
        h264.withLock { $0 = nil }
    }

    package func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        // Which frame comes next: frames the "driver" loses (dropPercent) are skipped here, and
        // leave a gap in the sequence numbers as a real driver's would.
        let (format, number, seq, due, streamedFor, sinceReturn) = try state.withLock {
            state throws(CameraError) -> (CameraFormat, Int64, UInt32, Int64, Int64, Int64) in
            guard var format = state.format else { throw .invalidState("dequeue() before configure()") }
            if let rate = state.pendingRate {
                // A new rate: the next frame is due one old period after the last, then the grid
                // continues at the new period from there.
                state.pendingRate = nil
                state.streamStart += state.frameIndex * SyntheticBackend.period(format.fps)
                state.frameIndex = 0
                format.fps = rate
                state.format = format
            }
            while options.dropPercent > 0, SyntheticBackend.isDropped(sequence: state.sequence, percent: options.dropPercent) {
                state.dropped += 1
                state.sequence &+= 1
                state.frameIndex += 1
            }
            let due = state.streamStart + state.frameIndex * SyntheticBackend.period(format.fps)
            let first = state.firstStreamStart()
            return (format, state.frameIndex, state.sequence, due, due - first, due - (state.startSinceReturn ?? first))
        }
        if let after = options.disconnectAfter, sinceReturn >= SyntheticBackend.nanoseconds(after),
           SyntheticBackend.returnedRegistry.withLock({ $0[identity.stableKey] ?? 0 }) < options.disconnects {
            let now = MonotonicClock.nanoseconds()
            SyntheticBackend.disconnectRegistry.withLock { $0[identity.stableKey] = now }
            throw .disconnected(path: identity.path)
        }
        if let after = options.errorAfter, streamedFor >= SyntheticBackend.nanoseconds(after) {
            throw .streamFailed(path: identity.path, reason: "injected stream error (errorAfter)")
        }
        if !options.fastPace {
            let now = MonotonicClock.nanoseconds()
            let limit = now + SyntheticBackend.nanoseconds(timeout)
            if due > limit {
                MonotonicClock.sleep(until: limit)
                return nil
            }
            MonotonicClock.sleep(until: due)
        }
        let controls = state.withLock { state -> [String: Int64] in
            state.frameIndex = number + 1
            state.sequence = seq &+ 1
            state.sensor.stepAutomatics(sequence: state.sequence)
            return state.sensor.namedValues
        }
        var metadata = FrameMetadata()
        metadata.controls = controls
        var drawn = format
        if format.pixelFormat == .h264 { (drawn.pixelFormat, drawn.bytesPerLine) = (.yu12, format.width) }
        let frame = options.dayScene == nil
            ? try SyntheticFrameRenderer.render(format: drawn, pattern: options.pattern, sequence: seq,
                                                timestampNanoseconds: due, metadata: metadata)
            : try dayFrame(format: drawn, sequence: seq, timestampNanoseconds: due, metadata: metadata)
        return try format.pixelFormat == .h264 ? encoded(frame, format: format).map { .owned($0) } : .owned(frame)
    }

    /// `format=H264`: the drawn frame through the stream's encoder.
    private func encoded(_ frame: VideoFrame, format: CameraFormat) throws(CameraError) -> VideoFrame? {
        do {
            return try h264.withLock { h264 throws -> VideoFrame? in
                let encoder = try h264 ?? CameraStreamEncoder(width: format.width, height: format.height, fps: format.fps,
                                                              gop: options.gop ?? max(1, Int(format.fps.rounded())))
                h264 = encoder
                return try encoder.encode(frame)
            }
        } catch {
            throw .streamFailed(path: identity.path, reason: "the test camera's H.264 encoder failed: \(error)")
        }
    }

    /// Nothing to stop: frames are made when asked for.
    package func stopStreaming() {}

    /// Nothing to release: the controls keep their values until the next ``open()``.
    package func close() {}

    // MARK: - Emulation

    /// `scene=day`: the frame the sensor takes with its exposure now, metered for its auto
    /// exposure before an MJPG frame is encoded (as a webcam meters its raw picture).
    private func dayFrame(format: CameraFormat, sequence seq: UInt32, timestampNanoseconds due: Int64,
                          metadata: FrameMetadata) throws(CameraError) -> VideoFrame {
        let isJPEG = format.pixelFormat == .mjpg || format.pixelFormat == .jpeg
        let raw = isJPEG ? SyntheticFrameRenderer.rawFormat(of: format) : format
        let (layout, luminance, exposure) = state.withLock { state -> (DaySceneLayout, Double, SensorExposure) in
            let layout = state.dayLayout.flatMap { $0.width == raw.width && $0.height == raw.height ? $0 : nil }
                ?? DaySceneLayout(width: raw.width, height: raw.height)
            state.dayLayout = layout
            let luminance = state.dayScene?.light(timestampNanoseconds: due).luminance ?? DayScene.nightFloor
            return (layout, luminance, state.sensor.exposure())
        }
        let picture = try SyntheticFrameRenderer.renderDayScene(format: raw, layout: layout, luminance: luminance,
                                                                exposure: exposure, sequence: seq,
                                                                timestampNanoseconds: due, metadata: metadata)
        if let thumbnail = LumaThumbnail(frame: picture, targetWidth: 64), !thumbnail.pixels.isEmpty {
            let mean = Double(thumbnail.pixels.reduce(0, +)) / Double(thumbnail.pixels.count)
            state.withLock { $0.sensor.meter(meanLuma: mean, frameNumber: seq, framePeriod: 1 / max(format.fps, 0.001)) }
        }
        return isJPEG ? try SyntheticFrameRenderer.jpeg(picture, format: format) : picture
    }

    static func period(_ fps: Double) -> Int64 { FrameRate.periodNanoseconds(fps) }

    static func nanoseconds(_ duration: Duration) -> Int64 { duration.wholeNanoseconds }

    /// Deterministic pseudo-random drop decision, so runs are reproducible.
    static func isDropped(sequence: UInt32, percent: Double) -> Bool {
        var x = UInt64(sequence) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        x = x &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 32
        return Double(x % 10_000) < percent * 100
    }
}
