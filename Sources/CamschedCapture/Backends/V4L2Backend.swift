import CamschedCore
import CamschedV4L2
import Foundation
import Synchronization

/// The V4L2 back-end through libv4l2: mmap streaming with a bounded set of driver buffers,
/// each lent out as it is (no copy); the ``Camera`` above does the lending's accounting.
/// Its device reference, identity and settings are in `state` (the device locks its own state
/// and serialises queueing against dequeueing).
package final class V4L2Backend: CameraBackend, Sendable {
    package let path: String
    private let state: Mutex<State>

    private struct State {
        var bufferCount: Int
        var device: V4L2Device?
        var identity: CameraIdentity
        /// See ``V4L2Backend/looksUpStableName``.
        var looksUpStableName = true
    }

    /// - Parameters:
    ///   - path: the device node (`/dev/video0`) or a by-id link.
    ///   - bufferCount: driver buffers to ask for when streaming (see ``bufferCount``).
    package init(path: String, bufferCount: Int = 6) {
        self.path = path
        state = Mutex(State(bufferCount: max(bufferCount, Self.fewestBuffers),
                            identity: CameraIdentity(path: path, card: "", driver: "", bus: "")))
    }

    /// The fewest driver buffers asked for: one the driver fills while the other is with
    /// camsched. vivid will not stream with fewer (its queue's minimum is 2), and a UVC camera
    /// streams with 2; a stream that hands frames to consumers wants more (the default 6).
    package static let fewestBuffers = 2

    /// Driver buffers to ask for at the next stream start (at least ``fewestBuffers``): a
    /// single still needs the fewest, a stream whose consumers hold frames more.
    package var bufferCount: Int {
        get { state.withLock { $0.bufferCount } }
        set { state.withLock { $0.bufferCount = max(newValue, Self.fewestBuffers) } }
    }

    package var lendableBuffers: Int { bufferCount }

    /// v4l2loopback (a virtual camera fed by OBS, FFmpeg or a phone app) writes the next frame
    /// into whichever buffer is next in turn, even one the reader has dequeued: its frames are
    /// copied out at once, never lent.
    package var keepsDequeuedBuffers: Bool { identity.driver != Self.loopbackDriver }
    /// The driver name v4l2loopback reports.
    static let loopbackDriver = "v4l2 loopback"

    /// Whether ``open()`` looks for the node's stable name under /dev/v4l (default); without
    /// it the identity's key is driver, bus and card.
    package var looksUpStableName: Bool {
        get { state.withLock { $0.looksUpStableName } }
        set { state.withLock { $0.looksUpStableName = newValue } }
    }

    package var identity: CameraIdentity { state.withLock { $0.identity } }
    package var droppedFrames: Int {
        state.withLock { $0.device.map { $0.stream.stats.droppedFrames + $0.stream.stats.errorFrames } ?? 0 }
    }

    package func open() throws(CameraError) {
        let opened: V4L2Device
        do {
            opened = try V4L2Device(path: path, requireCapture: true)
        } catch {
            throw V4L2Backend.map(error, path: path)
        }
        let capability = opened.capability
        let node = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: path).deletingLastPathComponent()).standardizedFileURL.path
        } ?? path
        // The stable name lets a run find the camera again after a loss (and keys its lock);
        // finding it scans /dev/v4l, which a single still does without.
        let byId = looksUpStableName ? V4L2DeviceDirectory.byIdLinks(of: node).first : nil
        state.withLock {
            $0.device = opened
            $0.identity = CameraIdentity(path: node, card: capability.card, driver: capability.driver, bus: capability.busInfo,
                                       stableKey: byId ?? "\(capability.driver)|\(capability.busInfo)|\(capability.card)")
        }
    }

    func requireDevice() throws(CameraError) -> V4L2Device {
        guard let device = state.withLock({ $0.device }) else { throw .invalidState("camera \(path) is not open") }
        return device
    }

    package func modes() throws(CameraError) -> [CameraMode] {
        let device = try requireDevice()
        let formats: [V4L2FormatDescription]
        do { formats = try device.formats.list() } catch { throw V4L2Backend.map(error, path: path) }
        var modes: [CameraMode] = []
        for format in formats {
            for size in format.frameSizes {
                if size.isDiscrete {
                    modes.append(CameraMode(pixelFormat: format.fourCC, width: Int(size.width), height: Int(size.height),
                                            frameRates: size.intervals.map(\.framesPerSecond).filter { $0 > 0 }))
                } else if let range = size.range {
                    // Stepwise sizes: offer the common sizes inside the range.
                    for (w, h) in [(320, 180), (320, 240), (640, 360), (640, 480), (800, 600), (1280, 720), (1920, 1080), (3840, 2160)]
                    where range.contains(width: UInt32(w), height: UInt32(h)) {
                        modes.append(CameraMode(pixelFormat: format.fourCC, width: w, height: h, frameRates: [30, 25, 15, 5]))
                    }
                }
            }
        }
        return modes
    }

    /// The device's current format: what `camera.size` unset means.
    package func currentMode() -> CameraMode? {
        guard let device = state.withLock({ $0.device }), let pix = try? device.formats.current() else { return nil }
        let fps = (try? device.formats.frameRate())?.framesPerSecond ?? 30
        return CameraMode(pixelFormat: pix.fourCC, width: Int(pix.width), height: Int(pix.height), frameRates: [fps])
    }

    package func controls() throws(CameraError) -> [CameraControl] { try controls(menus: true) }

    /// Every control's current value by name, read without the menus' items.
    package func allControlValues() throws(CameraError) -> [String: Int64] {
        CameraControl.values(of: try controls(menus: false)) { _ in true }
    }

    private func controls(menus: Bool) throws(CameraError) -> [CameraControl] {
        let device = try requireDevice()
        let infos: [V4L2ControlInfo]
        do { infos = try device.controls.list(menus: menus) } catch { throw V4L2Backend.map(error, path: path) }
        return infos.filter { $0.type != .ctrlClass && !$0.isDisabled }.map { info in
            var menu: [Int64: String] = [:]
            for item in info.menuItems { menu[item.index] = item.name ?? item.value.map(String.init) ?? "\(item.index)" }
            return CameraControl(meaning: V4L2ControlTable.meaning(of: info.id), name: info.name, kind: V4L2Backend.kind(info.type),
                                 minimum: info.minimum, maximum: info.maximum, step: Int64(clamping: info.step),
                                 defaultValue: info.defaultValue, value: info.value, unit: V4L2ControlTable.unit(of: info.id),
                                 menu: menu, readOnly: info.isReadOnly, inactive: info.isInactive)
        }
    }

    static func kind(_ type: V4L2ControlType) -> CameraControl.Kind {
        switch type {
        case .integer: return .integer
        case .boolean: return .boolean
        case .menu: return .menu
        case .integerMenu: return .integerMenu
        case .button: return .button
        case .integer64: return .integer64
        case .string: return .string
        case .bitmask: return .bitmask
        default: return .other
        }
    }

    package func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        let device = try requireDevice()
        do {
            let pix = try device.formats.set(fourCC: mode.pixelFormat, width: UInt32(mode.width), height: UInt32(mode.height))
            guard pix.fourCC == mode.pixelFormat, Int(pix.width) == mode.width, Int(pix.height) == mode.height else {
                // The driver substituted a mode: never accept that silently.
                throw CameraError.unsupportedMode(requested: mode.summary, supported: (try? modes().map(\.summary)) ?? [])
            }
            let rate = try Self.applyFrameRate(fps, on: device)
            return CameraFormat(pixelFormat: pix.fourCC, width: Int(pix.width), height: Int(pix.height),
                                bytesPerLine: Int(pix.bytesPerLine), fps: rate > 0 ? rate : fps)
        } catch let error as V4L2Error {
            throw V4L2Backend.map(error, path: path)
        } catch let error as CameraError {
            throw error
        } catch {
            throw .streamFailed(path: path, reason: "\(error)")
        }
    }

    /// Asks the driver for `fps` and returns the rate it set (its nearest), 0 if it does not say.
    /// A driver whose rate cannot be set (no `V4L2_CAP_TIMEPERFRAME`, or no `VIDIOC_S_PARM`:
    /// v4l2loopback, many capture bridges) delivers at its own rate: that rate is taken as set,
    /// as a nearest rate would be, instead of refusing a camera that works.
    static func applyFrameRate(_ fps: Double, on device: V4L2Device) throws(V4L2Error) -> Double {
        do {
            return try device.formats.setFrameRate(fps: fps).framesPerSecond
        } catch .unsupported where fps > 0 && fps.isFinite {
            return (try? device.formats.frameRate())?.framesPerSecond ?? 0
        }
    }

    package func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? {
        guard let device = state.withLock({ $0.device }) else { return nil }
        guard let rate = try? device.formats.setFrameRate(fps: fps), rate.framesPerSecond > 0 else { return nil }
        return abs(rate.framesPerSecond - fps) < 0.5 ? rate.framesPerSecond : nil
    }

    package func startStreaming() throws(CameraError) {
        let device = try requireDevice()
        do { try device.stream.start(bufferCount: bufferCount) } catch { throw V4L2Backend.map(error, path: path) }
    }

    package func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        let device = try requireDevice()
        let deadline = MonotonicClock.nanoseconds() + timeout.wholeNanoseconds
        while true {
            let remaining = deadline - MonotonicClock.nanoseconds()
            if remaining <= 0 { return nil }
            let buffer: V4L2DequeuedBuffer?
            do { buffer = try device.stream.dequeue(timeout: .nanoseconds(remaining)) } catch { throw V4L2Backend.map(error, path: path) }
            guard let buffer else { return nil }
            if buffer.hasError {
                // Counted by the device's sequence tracker; the buffer goes straight back.
                try? device.stream.requeue(index: buffer.index)
                continue
            }
            return .lent(LentBuffer(slot: buffer.index, bytes: buffer.bytes, sequence: buffer.sequence,
                                    timestampNanoseconds: buffer.timestampNanoseconds))
        }
    }

    package func requeue(slot: Int) {
        try? state.withLock({ $0.device })?.stream.requeue(index: slot)
    }

    package func stopStreaming() {
        try? state.withLock({ $0.device })?.stream.stop()
    }

    package func close() {
        let device = state.withLock { state -> V4L2Device? in defer { state.device = nil }; return state.device }
        device?.close()
    }
}
