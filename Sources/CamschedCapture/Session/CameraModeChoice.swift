/// Which of a camera's modes and rates a request gets: ``ConfigurationCheck`` over the camera's
/// modes — for an exact size, when the camera can look it up (a V4L2 device), only the one mode
/// the full check would choose, found without enumerating every format, size and rate
/// (thousands of ioctls on a driver with many formats).
enum CameraModeChoice {
    /// The mode and rate for `request`, with the reasons it was adjusted (empty when exact).
    /// - Throws: ``CameraError/unsupportedMode(requested:supported:)`` when impossible.
    static func choose(_ request: CameraRequest, camera: Camera,
                       defaultMode: CameraMode?) throws(CameraError) -> (mode: CameraMode, fps: Double, warnings: [String]) {
        let modes: [CameraMode]
        if let narrow = try narrowModes(for: request, camera: camera) { modes = narrow } else { modes = try camera.modes() }
        switch ConfigurationCheck.evaluate(request, modes: modes, current: defaultMode ?? camera.currentMode()) {
        case let .valid(mode, fps):
            return (mode, fps, [])
        case let .adjusted(mode, fps, reasons):
            return (mode, fps, reasons)
        case let .invalid(error):
            throw error
        }
    }

    /// For an exact size, the one mode the full check would choose; nil when the camera has no
    /// cheaper lookup or the full list is needed.
    private static func narrowModes(for request: CameraRequest, camera: Camera) throws(CameraError) -> [CameraMode]? {
        guard case let .exact(width, height) = request.size else { return nil }
        let order = request.pixelFormat.map { [$0] } ?? ConfigurationCheck.preference(for: request.purpose)
        return try camera.mode(width: width, height: height, preferring: order, orAnyFormat: request.pixelFormat == nil).map { [$0] }
    }
}
