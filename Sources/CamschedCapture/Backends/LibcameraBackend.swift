import CamschedCore
import CamschedLibcamera
import CamschedV4L2
import Glibc
import Logging
import Synchronization

/// A camera through libcamera (`libcamera:`, `libcamera:ID`): a Raspberry Pi camera module, or
/// vimc in the tests. libcamera's completed requests are lent as V4L2's buffers are (a request's
/// index is the slot); controls are set with the next request given back, and read back from the
/// frames' metadata (what the sensor applied), else as last set.
package final class LibcameraBackend: CameraBackend {
    package let uri: String
    let wantedID: String?
    let bufferCount: Int
    let state: Mutex<State>
    /// Every control sent to libcamera, at debug level (`--log-level debug`): what a job, a
    /// ramp or a bracket asked of the camera, as libcamera got it.
    let logger = Logger(label: "camsched.libcamera")

    struct State: ~Copyable {
        var camera: LibcameraCamera?
        var identity: CameraIdentity
        var infos: [LibcameraControlInfo] = []
        /// Controls to send with the next request given back.
        var pending: [String: LibcameraControl] = [:]
        /// The value of each control as last set or reported by a frame.
        var values: [String: ControlValue] = [:]
        /// Requests whose frames are lent out.
        var lent: Set<Int> = []
        /// This stream's sequence numbers: its gaps are frames the camera lost.
        var tracker = SequenceTracker()
        /// Damaged frames, and the frames lost by the streams before this one.
        var dropped = 0
        var streaming = false
    }

    package init(id: String?, uri: String, bufferCount: Int = 4) {
        self.uri = uri
        wantedID = id
        self.bufferCount = max(bufferCount, 2)
        let driver = CameraKind.libcamera.driver ?? "libcamera"
        state = Mutex(State(identity: CameraIdentity(path: uri, card: "", driver: driver, bus: id ?? "")))
    }

    package var identity: CameraIdentity { state.withLock { $0.identity } }
    package var droppedFrames: Int { state.withLock { $0.dropped + $0.tracker.stats.droppedFrames } }
    package var lendableBuffers: Int { bufferCount }

    package func open() throws(CameraError) {
        let camera: LibcameraCamera
        do {
            let manager = try LibcameraManager()
            camera = try manager.open(id: wantedID)
            try camera.acquire()
        } catch {
            throw Self.map(error, uri: uri)
        }
        let info = camera.info
        let controls = camera.controls()
        state.withLock { state in
            state.camera = camera
            state.infos = controls
            state.identity = CameraIdentity(path: "libcamera:\(info.id)", card: info.model ?? info.id,
                                            driver: CameraKind.libcamera.driver ?? "libcamera", bus: info.id,
                                            stableKey: "libcamera|\(info.id)")
        }
    }

    func requireCamera() throws(CameraError) -> LibcameraCamera {
        guard let camera = state.withLock({ $0.camera }) else { throw .invalidState("the libcamera camera \(uri) is not open") }
        return camera
    }

    package func modes() throws(CameraError) -> [CameraMode] {
        let camera = try requireCamera()
        let limits = camera.frameDurationLimits
        let fastest = limits.map { 1 / max($0.lowerBound.secondsValue, 0.001) } ?? 30
        var seen = Set<String>()
        return camera.streamFormats().compactMap { format -> CameraMode? in
            guard let fourCC = LibcameraPixelFormats.v4l2(forDRM: format.pixelFormat),
                  seen.insert("\(fourCC) \(format.width)x\(format.height)").inserted else { return nil }
            return CameraMode(pixelFormat: fourCC, width: format.width, height: format.height, frameRates: [min(fastest, 30)])
        }
    }

    package func currentMode() -> CameraMode? { nil }

    package func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        let camera = try requireCamera()
        guard let drm = LibcameraPixelFormats.drm(forV4L2: mode.pixelFormat) else {
            throw .unsupportedMode(requested: mode.summary, supported: (try? modes().map(\.summary)) ?? [])
        }
        let period: Duration? = fps > 0 && fps.isFinite ? .nanoseconds(Int64(1e9 / fps)) : nil
        let applied: LibcameraConfiguration
        do {
            applied = try camera.configure(LibcameraConfiguration(pixelFormat: drm, width: mode.width, height: mode.height,
                                                                  bufferCount: bufferCount, frameDuration: period))
        } catch {
            throw Self.map(error, uri: uri)
        }
        guard applied.width == mode.width, applied.height == mode.height, applied.pixelFormat == drm else {
            let got = "\(applied.pixelFormatName) \(applied.width ?? 0)x\(applied.height ?? 0)"
            throw .unsupportedMode(requested: mode.summary + " (libcamera would give \(got))",
                                   supported: (try? modes().map(\.summary)) ?? [])
        }
        let rate = applied.frameDuration.map { 1 / max($0.secondsValue, 1e-6) } ?? fps
        return CameraFormat(pixelFormat: mode.pixelFormat, width: mode.width, height: mode.height,
                            bytesPerLine: applied.stride, fps: rate)
    }

    package func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { nil }

    package func startStreaming() throws(CameraError) {
        let camera = try requireCamera()
        // Sent at the start and again with the first request given back: a pipeline may read
        // controls from requests only (vimc's does).
        let controls = state.withLock { state -> [LibcameraControl] in
            defer {
                state.dropped += state.tracker.stats.droppedFrames
                state.tracker = SequenceTracker()
                state.streaming = true
            }
            return Array(state.pending.values)
        }
        if !controls.isEmpty { logger.debug("sent to libcamera (\(uri)) with the start: \(controls.logText)") }
        do { try camera.start(controls: controls) } catch { throw Self.map(error, uri: uri) }
    }

    package func cancelWaits() { state.withLock { $0.camera }?.cancelWait() }

    package func stopStreaming() {
        let camera = state.withLock { state -> LibcameraCamera? in
            state.lent = []
            state.streaming = false
            return state.camera
        }
        try? camera?.stop()
    }

    package func close() {
        let camera = state.withLock { state -> LibcameraCamera? in
            defer { state.camera = nil; state.lent = [] }
            return state.camera
        }
        camera?.release()
    }

    static func map(_ error: any Error, uri: String) -> CameraError {
        guard let error = error as? LibcameraError else { return .streamFailed(path: uri, reason: "\(error)") }
        switch error {
        case .libraryMissing, .shimMissing, .shimUnusable, .notCompiledIn:
            return .streamFailed(path: uri, reason: error.description)
        case let .noCamera(_, message):
            return .notFound(uri: uri, available: [message])
        case .disconnected:
            return .disconnected(path: uri)
        case let .failed(operation, code, message):
            if code == EBUSY { return .busy(path: uri, holder: nil) }
            // The pipeline's devices went away (unbound, unplugged) while starting or queueing.
            if code == ENODEV || code == ENXIO { return .disconnected(path: uri) }
            return .streamFailed(path: uri, reason: "\(operation): \(message)")
        }
    }
}
