/// Which of a camera's modes and rates a request gets: ``ConfigurationCheck`` over the camera's
/// modes — for an exact size, when the camera can look it up (a V4L2 device), only the modes
/// the full check would choose among, found without enumerating every format, size and rate
/// (thousands of ioctls on a driver with many formats). For `codec: "auto"`
/// (``CameraRequest/Purpose/copyIfOffered``) also whether the recording copies
/// (``StreamCopyChoice``).
enum CameraModeChoice {
    /// The mode and rate for `request`, with the reasons it was adjusted (empty when exact), and
    /// for ``CameraRequest/Purpose/copyIfOffered`` whether the frames are copied and why.
    /// - Throws: ``CameraError/unsupportedMode(requested:supported:)`` when impossible.
    static func choose(_ request: CameraRequest, camera: Camera, defaultMode: CameraMode?)
        throws(CameraError) -> (mode: CameraMode, fps: Double, warnings: [String], copy: StreamCopyChoice?) {
        let modes: [CameraMode]
        if let narrow = try narrowModes(for: request, camera: camera) { modes = narrow } else { modes = try camera.modes() }
        let current = defaultMode ?? camera.currentMode()
        var check: ConfigurationCheck
        var copy: StreamCopyChoice?
        if request.purpose == .copyIfOffered {
            let needsPixels = StreamCopyChoice.needsPixels(request, controls: try camera.controls())
            (check, copy) = StreamCopyChoice.evaluate(request, modes: modes, current: current, needsPixels: needsPixels)
        } else {
            check = ConfigurationCheck.evaluate(request, modes: modes, current: current)
        }
        switch check {
        case let .valid(mode, fps):
            try CopyRefusal.check(request, mode: mode, camera: camera)
            return (mode, fps, [], copy)
        case let .adjusted(mode, fps, reasons):
            try CopyRefusal.check(request, mode: mode, camera: camera)
            return (mode, fps, reasons, copy)
        case let .invalid(error):
            throw error
        }
    }

    /// For an exact size, the modes the full check would choose among; nil when the camera has
    /// no cheaper lookup or the full list is needed. `codec: "auto"` weighs the copyable
    /// mode (if any) against the one an encoded recording would take.
    private static func narrowModes(for request: CameraRequest, camera: Camera) throws(CameraError) -> [CameraMode]? {
        guard case let .exact(width, height) = request.size else { return nil }
        let purpose = request.purpose == .copyIfOffered ? CameraRequest.Purpose.video : request.purpose
        let order = request.pixelFormat.map { [$0] } ?? ConfigurationCheck.preference(for: purpose)
        guard let mode = try camera.mode(width: width, height: height, preferring: order, orAnyFormat: request.pixelFormat == nil) else {
            return nil
        }
        guard request.purpose == .copyIfOffered, request.pixelFormat == nil else { return [mode] }
        let copyable = try camera.mode(width: width, height: height, preferring: ConfigurationCheck.preference(for: .copy),
                                       orAnyFormat: false)
        return [copyable, mode].compactMap { $0 }
    }
}
