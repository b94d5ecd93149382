import CamschedCore
import CamschedMedia

/// A source of frames: a V4L2 device, the synthetic `test:` camera, or a `file:` video.
///
/// Calls follow the state machine of ``CameraState``; a call in the wrong state throws
/// ``CameraError/invalidState(_:)``. `nextFrame` is called from one capture thread; the other
/// calls come from the thread that owns the camera, never at the same time as each other.
public protocol Camera: AnyObject, Sendable {
    /// Who the camera is (stable across replugging for V4L2 devices).
    var identity: CameraIdentity { get }
    /// Where in its life the camera is.
    var state: CameraState { get }
    /// Frames the camera or driver dropped so far (sequence gaps, error-flagged buffers).
    var droppedFrames: Int { get }
    /// False for a camera whose frames come as fast as they can be made, with timestamps on
    /// its own virtual clock (`test:?pace=fast`, `file:?pace=fast`): schedules then follow the
    /// frames' timestamps instead of waiting for the wall clock, so a day passes in minutes.
    var pacesInRealTime: Bool { get }
    /// Whether the picture settles after the stream starts (auto exposure, white balance and
    /// focus): true for a sensor, false for a video file, whose first frame is as good as any —
    /// the job's default warm-up is then none.
    var settlesAfterStart: Bool { get }

    /// Opens the device (closed → open).
    func open() throws(CameraError)
    /// The modes the camera offers.
    func modes() throws(CameraError) -> [CameraMode]
    /// The mode the camera is in before camsched configures it — what `camera.size` unset
    /// means: a device's current format, the test camera's URI mode, a file's own size.
    func currentMode() -> CameraMode?
    /// The controls the camera offers, with current values.
    func controls() throws(CameraError) -> [CameraControl]
    /// Sets a control and returns the value read back.
    func setControl(id: UInt32, value: Int64) throws(CameraError) -> Int64
    /// Reads a control's current value.
    func getControl(id: UInt32) throws(CameraError) -> Int64
    /// The current values of those of the controls `ids` that the camera has and can read,
    /// keyed by name as ``controls()`` names them — what a still's EXIF block needs, without
    /// listing every control (with its menus) as ``controls()`` does.
    func controlValues(ids: [UInt32]) throws(CameraError) -> [String: Int64]
    /// Every control's current value by name (buttons, which have none, left out): the
    /// values frames carry into sidecars and the catalog.
    func allControlValues() throws(CameraError) -> [String: Int64]
    /// The mode a request for one exact size would choose, found without listing every mode
    /// (``modes()`` on a driver with many formats costs thousands of ioctls); nil when the
    /// camera has no cheaper way (the default) or the answer needs the full list.
    /// - Parameters:
    ///   - order: the formats to try first, best first.
    ///   - orAnyFormat: when none of `order` offers the size, the first format that does.
    func mode(width: Int, height: Int, preferring order: [FourCC], orAnyFormat: Bool) throws(CameraError) -> CameraMode?
    /// Applies a validated mode and frame rate (open/configured → configured); returns what
    /// the device actually set.
    func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat
    /// Changes the frame rate while streaming if the device allows it; returns the rate in
    /// force, or nil when it cannot be changed without stopping.
    func changeFrameRate(_ fps: Double) throws(CameraError) -> Double?
    /// Starts streaming (configured → streaming).
    func startStreaming() throws(CameraError)
    /// Waits up to `timeout` for the next good frame; nil on timeout.
    func nextFrame(timeout: Duration) throws(CameraError) -> VideoFrame?
    /// Stops streaming (streaming → configured).
    func stopStreaming()
    /// Releases the device (any state → closed).
    func close()
}

extension Camera {
    public var pacesInRealTime: Bool { true }
    public var settlesAfterStart: Bool { true }

    /// No cheaper lookup than ``modes()``: cameras whose modes cost nothing to list.
    public func mode(width: Int, height: Int, preferring order: [FourCC], orAnyFormat: Bool) throws(CameraError) -> CameraMode? {
        nil
    }

    /// From the full listing: for cameras whose controls cost nothing to list.
    public func controlValues(ids: [UInt32]) throws(CameraError) -> [String: Int64] {
        Self.values(of: try controls()) { ids.contains($0.id) }
    }

    /// From the full listing.
    public func allControlValues() throws(CameraError) -> [String: Int64] {
        Self.values(of: try controls()) { _ in true }
    }

    static func values(of controls: [CameraControl], where keep: (CameraControl) -> Bool) -> [String: Int64] {
        controls.reduce(into: [String: Int64]()) { values, control in
            if keep(control), control.kind != .button, let value = control.value { values[control.name] = value }
        }
    }
}
