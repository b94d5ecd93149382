import CamschedCore

/// What makes frames for a ``Camera``: a V4L2 device, the synthetic `test:` pattern, a
/// `file:` video — and next, a network stream. A back-end only talks to its hardware (or
/// what stands in for it); the ``Camera`` above it owns everything every back-end shares: the
/// state machine (each call is made only in a state that allows it, so a back-end checks
/// none), the accounting of lent buffers with copy-out, and stop and close deferred until
/// consumers give the last lent buffer back.
///
/// Calls come from the camera's owner, one at a time, except ``dequeue(timeout:)`` (the
/// capture thread), ``requeue(slot:)`` (whichever thread drops a frame's last reference) and
/// ``cancelWaits()`` (whichever thread stops the stream).
package protocol CameraBackend: AnyObject, Sendable {
    /// Who the camera is (stable across replugging for V4L2 devices); final after ``open()``.
    var identity: CameraIdentity { get }
    /// Frames the camera or driver dropped so far (sequence gaps, error-flagged buffers).
    var droppedFrames: Int { get }
    /// False for frames made as fast as they can be, stamped on their own virtual clock.
    var pacesInRealTime: Bool { get }
    /// Whether the picture settles after the stream starts (a sensor: yes; a video file: no).
    var settlesAfterStart: Bool { get }
    /// How many buffers the back-end lends out at most (``CapturedFrame/lent(_:)``) for the
    /// next stream; 0 for one whose frames own their memory.
    var lendableBuffers: Int { get }
    /// False for a driver that writes into buffers it handed out before they are queued again
    /// (v4l2loopback): every frame is copied out of its buffer at once, as a consumer that held
    /// one would see it change (a torn or repeated frame in a copy recording).
    var keepsDequeuedBuffers: Bool { get }
    /// The codec of the compressed stream the camera decodes into the pictures it offers, as
    /// people name it (a network camera's `H.265 (HEVC)`), once open; nil when what it offers
    /// is what it captured. What a refused stream copy names.
    var decodedStreamCodec: String? { get }
    /// The sound the camera's stream carries (a network camera's), once open; nil for a camera
    /// without (a microphone beside a camera is not the camera's: ``MicrophoneChoice``).
    var streamSound: StreamSound? { get }

    /// Opens the hardware.
    func open() throws(CameraError)
    /// The modes the camera offers.
    func modes() throws(CameraError) -> [CameraMode]
    /// The mode the camera is in before camsched configures it (`camera.size` unset).
    func currentMode() -> CameraMode?
    /// The controls the camera offers, with current values.
    func controls() throws(CameraError) -> [CameraControl]
    /// Sets a control — by meaning in the meaning's terms (``ControlMeaning``), by name in the
    /// camera's own — and returns the value read back.
    func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue
    /// Reads a control's current value, in the same terms.
    func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue
    /// The current values of those of `keys` the camera has, by name (what EXIF needs).
    func controlValues(_ keys: [ControlKey]) throws(CameraError) -> [String: Int64]
    /// Every control's current value by name, buttons left out.
    func allControlValues() throws(CameraError) -> [String: Int64]
    /// The mode a request for one exact size would choose, without listing every mode; nil
    /// when the back-end has no cheaper way or the answer needs the full list.
    func mode(width: Int, height: Int, preferring order: [FourCC], orAnyFormat: Bool) throws(CameraError) -> CameraMode?
    /// Applies a mode and frame rate; returns what the hardware set (a substituted mode throws).
    func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat
    /// Changes the frame rate while streaming: the rate in force, nil when it cannot.
    func changeFrameRate(_ fps: Double) throws(CameraError) -> Double?
    /// Starts streaming.
    func startStreaming() throws(CameraError)
    /// Waits up to `timeout` for the next good frame; nil on timeout. A back-end whose wait
    /// cannot be cut short at `timeout` (a network stream mid-frame) may wait longer, up to its
    /// own deadline, and ends it at ``cancelWaits()``.
    func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame?
    /// Ends a ``dequeue(timeout:)`` waiting on another thread, soon (it returns nil): the
    /// stream is being stopped and closed. Called from any thread; no frame is read after it.
    func cancelWaits()
    /// Gives a lent buffer back to the hardware while the stream runs.
    func requeue(slot: Int)
    /// Stops streaming; no lent buffer is held any more.
    func stopStreaming()
    /// Releases the hardware; no lent buffer is held any more.
    func close()
}

/// A frame as a back-end hands it over.
package enum CapturedFrame {
    /// A frame whose memory is its own (rendered, decoded, copied).
    case owned(VideoFrame)
    /// A buffer the back-end lends (a driver's mmap buffer): the ``Camera`` wraps it in a
    /// frame, or copies it out when consumers already hold too many, and gives it back with
    /// ``CameraBackend/requeue(slot:)``.
    case lent(LentBuffer)
}

/// One lent buffer: its slot, its pixels (valid until requeued) and when it was captured.
package struct LentBuffer {
    package var slot: Int
    package var bytes: UnsafeRawBufferPointer
    package var sequence: UInt32
    package var timestampNanoseconds: Int64
    /// What the sensor reports it applied to the frame, where the back-end knows.
    package var sensor: SensorReadings?

    package init(slot: Int, bytes: UnsafeRawBufferPointer, sequence: UInt32, timestampNanoseconds: Int64,
                 sensor: SensorReadings? = nil) {
        self.slot = slot
        self.bytes = bytes
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
        self.sensor = sensor
    }
}

extension CameraBackend {
    package var decodedStreamCodec: String? { nil }
    package var streamSound: StreamSound? { nil }
    package var pacesInRealTime: Bool { true }
    package var settlesAfterStart: Bool { true }
    package var lendableBuffers: Int { 0 }
    package var keepsDequeuedBuffers: Bool { true }
    package func requeue(slot: Int) {}
    /// Nothing to cut short: the back-end's waits end at their timeout.
    package func cancelWaits() {}

    /// No cheaper lookup than ``modes()``.
    package func mode(width: Int, height: Int, preferring order: [FourCC], orAnyFormat: Bool) throws(CameraError) -> CameraMode? {
        nil
    }

    /// From the full listing: for back-ends whose controls cost nothing to list.
    package func controlValues(_ keys: [ControlKey]) throws(CameraError) -> [String: Int64] {
        CameraControl.values(of: try controls()) { control in
            keys.contains { $0 == .name(control.name) || control.meaning.map(ControlKey.meaning) == $0 }
        }
    }

    /// From the full listing.
    package func allControlValues() throws(CameraError) -> [String: Int64] {
        CameraControl.values(of: try controls()) { _ in true }
    }
}

extension CameraControl {
    /// The current values of `controls` that `keep` selects, by name; buttons have none.
    static func values(of controls: [CameraControl], where keep: (CameraControl) -> Bool) -> [String: Int64] {
        controls.reduce(into: [String: Int64]()) { values, control in
            // Whole-number controls only: a real (libcamera's Brightness 0.8) is not rounded into one.
            if keep(control), control.kind.isWhole, control.kind != .button, let value = control.value?.integer {
                values[control.name] = value
            }
        }
    }
}
