import CamschedCore
import Foundation
import Synchronization

/// A camera: one type over every ``CameraBackend`` (V4L2, synthetic, file), after libcamera's
/// shape — the back-end talks to the hardware, the camera owns what they all share.
///
/// - The state machine of ``CameraState``, checked here for every call: a call in a state that
///   does not allow it throws ``CameraError/invalidState(_:)`` and never reaches the back-end.
/// - Lent buffers (``LentBuffers``): a driver buffer handed out as a frame goes back to the
///   driver when the last consumer lets go; while consumers hold all but the driver's share,
///   frames are copied out instead.
/// - Stop and close deferred while consumers hold lent buffers: ``stopStreaming()`` enters
///   `stopping` and the stream stops (→ `configured`) when the last one comes back; ``close()``
///   releases the hardware then. A camera lost while streaming (unplugged) is closed at once.
///
/// ``nextFrame(timeout:)`` is called from one capture thread; the other calls come from the
/// thread that owns the camera, never at the same time as each other.
package final class Camera: Sendable {
    /// What makes the frames.
    package let backend: any CameraBackend
    private let books = Mutex(Books())

    private struct Books: Sendable {
        var state: CameraState = .closed
        var format: CameraFormat?
        /// Whether the back-end's stream was started and not yet stopped.
        var backendStreaming = false
        var lent = LentBuffers()
    }

    package init(_ backend: any CameraBackend) {
        self.backend = backend
    }

    /// Who the camera is (stable across replugging for V4L2 devices).
    package var identity: CameraIdentity { backend.identity }
    /// Where in its life the camera is.
    package var state: CameraState { books.withLock { $0.state } }
    /// Frames the camera or driver dropped so far (sequence gaps, error-flagged buffers).
    package var droppedFrames: Int { backend.droppedFrames }
    /// False for a camera whose frames come as fast as they can be made, with timestamps on
    /// its own virtual clock (`test:?pace=fast`, `file:?pace=fast`): schedules then follow the
    /// frames' timestamps instead of waiting for the wall clock, so a day passes in minutes.
    package var pacesInRealTime: Bool { backend.pacesInRealTime }
    /// Whether the picture settles after the stream starts (auto exposure, white balance and
    /// focus): true for a sensor, false for a video file, whose first frame is as good as any.
    package var settlesAfterStart: Bool { backend.settlesAfterStart }
    /// The codec of the stream the camera decodes into its pictures (``CameraBackend/decodedStreamCodec``).
    package var decodedStreamCodec: String? { backend.decodedStreamCodec }
    /// The sound the camera's own stream carries (``CameraBackend/streamSound``).
    package var streamSound: StreamSound? { backend.streamSound }
    /// Frames copied out because consumers held too many lent buffers.
    package var framesCopiedOut: Int { books.withLock { $0.lent.copiedOut } }

    /// The states in which the camera's hardware is open and can be asked about itself.
    private static let opened: [CameraState] = [.open, .configured, .streaming, .stopping]

    /// Throws unless the camera is in one of `allowed`; `call` names the call in the message.
    /// (A list, not a `Set`: the first `Set<CameraState>` made the runtime walk every
    /// conformance record of the binary for `Hashable`, at every camera open.)
    private func require(_ allowed: [CameraState], for call: String) throws(CameraError) {
        let state = self.state
        guard allowed.contains(state) else { throw .invalidState("\(call) while \(state) (\(identity.path))") }
    }

    private func move(to next: CameraState) {
        books.withLock { $0.state = next }
    }

    // MARK: Open and ask

    /// Opens the device (closed → open).
    package func open() throws(CameraError) {
        try require([.closed], for: "open()")
        if books.withLock({ $0.lent.closing }) {
            throw .invalidState("open() while consumers still hold frames of the last stream (\(identity.path))")
        }
        try backend.open()
        move(to: .open)
    }

    /// The modes the camera offers.
    package func modes() throws(CameraError) -> [CameraMode] {
        try require(Self.opened, for: "modes()")
        return try backend.modes()
    }

    /// The mode the camera is in before camsched configures it — what `camera.size` unset
    /// means: a device's current format, the test camera's URI mode, a file's own size; nil
    /// while closed.
    package func currentMode() -> CameraMode? {
        state == .closed ? nil : backend.currentMode()
    }

    /// The controls the camera offers, with current values.
    package func controls() throws(CameraError) -> [CameraControl] {
        try require(Self.opened, for: "controls()")
        return try backend.controls()
    }

    /// Sets a control (by meaning in the meaning's terms, by name in the camera's) and returns
    /// the value read back.
    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        try require(Self.opened, for: "setControl()")
        return try backend.setControl(key, to: value)
    }

    /// Reads a control's current value.
    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue {
        try require(Self.opened, for: "getControl()")
        return try backend.getControl(key)
    }

    /// The current values of those of the controls `keys` that the camera has and can read,
    /// keyed by name as ``controls()`` names them — what a still's EXIF block needs, without
    /// listing every control (with its menus).
    package func controlValues(_ keys: [ControlKey]) throws(CameraError) -> [String: Int64] {
        try require(Self.opened, for: "controlValues()")
        return try backend.controlValues(keys)
    }

    /// Every control's current value by name (buttons, which have none, left out): the
    /// values frames carry into sidecars and the catalog.
    package func allControlValues() throws(CameraError) -> [String: Int64] {
        try require(Self.opened, for: "allControlValues()")
        return try backend.allControlValues()
    }

    /// The mode a request for one exact size would choose, found without listing every mode
    /// (``modes()`` on a driver with many formats costs thousands of ioctls); nil when the
    /// back-end has no cheaper way or the answer needs the full list.
    package func mode(width: Int, height: Int, preferring order: [FourCC], orAnyFormat: Bool) throws(CameraError) -> CameraMode? {
        try require(Self.opened, for: "mode(width:height:)")
        return try backend.mode(width: width, height: height, preferring: order, orAnyFormat: orAnyFormat)
    }

    // MARK: Configure and stream

    /// Applies a validated mode and frame rate (open/configured → configured); returns what
    /// the device actually set.
    package func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        try require([.open, .configured], for: "configure()")
        let applied = try backend.configure(mode: mode, fps: fps)
        books.withLock {
            $0.format = applied
            $0.state = .configured
        }
        return applied
    }

    /// Changes the frame rate while configured or streaming if the device allows it; returns
    /// the rate in force, or nil when it cannot be changed without stopping.
    package func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? {
        try require([.configured, .streaming], for: "changeFrameRate()")
        return try backend.changeFrameRate(fps)
    }

    /// Starts streaming (configured → streaming).
    package func startStreaming() throws(CameraError) {
        try require([.configured], for: "startStreaming()")
        let lendable = backend.keepsDequeuedBuffers ? backend.lendableBuffers : nil
        try backend.startStreaming()
        books.withLock {
            $0.lent.startStream(lendable: lendable)
            $0.backendStreaming = true
            $0.state = .streaming
        }
    }

    /// Stops streaming (streaming → stopping → configured): at once when consumers hold no
    /// lent buffer, else when the last one is given back. Does nothing in another state.
    package func stopStreaming() {
        let now = books.withLock { books -> Bool in
            guard books.state == .streaming else { return false }
            books.state = .stopping
            return books.lent.ask(.stop)
        }
        if now { finishStop() }
    }

    /// Releases the device (any state → closed): at once when consumers hold no lent buffer,
    /// else (the buffers stay mapped) when the last one is given back.
    package func close() {
        let now = books.withLock { books -> Bool in
            books.state = .closed
            return books.lent.ask(.close)
        }
        if now { releaseHardware() }
    }

    /// Ends a ``nextFrame(timeout:)`` waiting on another thread (the stream is being stopped):
    /// it returns nil soon. From any thread, in any state.
    package func cancelWaits() { backend.cancelWaits() }

    /// Waits up to `timeout` for the next good frame; nil on timeout. A camera lost meanwhile
    /// (``CameraError/disconnected(path:)``) is closed before the error is thrown.
    package func nextFrame(timeout: Duration) throws(CameraError) -> VideoFrame? {
        guard let format = books.withLock({ $0.state == .streaming ? $0.format : nil }) else {
            throw .invalidState("nextFrame() while \(state) (\(identity.path))")
        }
        let captured: CapturedFrame?
        do {
            captured = try backend.dequeue(timeout: timeout)
        } catch {
            if case .disconnected = error { close() }
            throw error
        }
        switch captured {
        case nil: return nil
        case let .owned(frame): return frame
        case let .lent(buffer): return frame(from: buffer, format: format)
        }
    }

    /// A lent buffer as a frame pointing into it, or — when consumers hold all but the
    /// driver's share, or the stream stopped meanwhile — a copy, the buffer given back at once.
    private func frame(from buffer: LentBuffer, format: CameraFormat) -> VideoFrame? {
        let (streaming, lend) = books.withLock { books -> (Bool, Bool) in
            guard books.state == .streaming else { return (false, false) }
            return (true, books.lent.lend())
        }
        guard streaming else { return nil }
        let wallClock = Date()
        var metadata = FrameMetadata()
        metadata.sensor = buffer.sensor
        guard lend else {
            let copy = VideoFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                                  bytesPerLine: format.bytesPerLine, copying: buffer.bytes, sequence: buffer.sequence,
                                  timestampNanoseconds: buffer.timestampNanoseconds, wallClock: wallClock)
            backend.requeue(slot: buffer.slot)
            return buffer.sensor == nil ? copy : copy.with(metadata: metadata)
        }
        let slot = buffer.slot
        // The frame keeps the camera (and so the mapped buffer) alive until it is given back.
        let memory = FrameMemory(bytes: buffer.bytes) { self.giveBack(slot: slot) }
        return VideoFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                          bytesPerLine: format.bytesPerLine, memory: memory, sequence: buffer.sequence,
                          timestampNanoseconds: buffer.timestampNanoseconds, wallClock: wallClock, metadata: metadata)
    }

    /// A consumer let go of the frame lent from `slot`.
    private func giveBack(slot: Int) {
        let next = books.withLock { $0.lent.giveBack(streaming: $0.state == .streaming) }
        switch next {
        case .requeue: backend.requeue(slot: slot)
        case .keep: break
        case .carryOut(.stop): finishStop()
        case .carryOut(.close): releaseHardware()
        }
    }

    private func finishStop() {
        backend.stopStreaming()
        books.withLock {
            $0.backendStreaming = false
            if $0.state == .stopping { $0.state = .configured }
        }
    }

    private func releaseHardware() {
        let streaming = books.withLock { books -> Bool in
            defer { books.backendStreaming = false }
            return books.backendStreaming
        }
        if streaming { backend.stopStreaming() }
        backend.close()
    }
}
