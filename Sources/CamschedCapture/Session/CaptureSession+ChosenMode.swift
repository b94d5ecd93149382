extension CaptureSession {
    /// The mode and rate a session chose, kept for the same camera when it comes back.
    package struct ChosenMode: Sendable, Equatable {
        package var mode: CameraMode
        package var fps: Double
        /// For `codec: "auto"`: whether the recording copies the camera's frames, and why.
        package var copy: StreamCopyChoice?

        package init(mode: CameraMode, fps: Double, copy: StreamCopyChoice? = nil) {
            self.mode = mode
            self.fps = fps
            self.copy = copy
        }
    }

    /// Configures `camera` to `mode` at `fps`. When the mode is an earlier session's (`reused`:
    /// the camera came back) and the camera no longer offers it — a network camera set to
    /// another size or codec meanwhile — that is told as such, with what it offers now.
    static func configure(_ camera: Camera, mode: CameraMode, fps: Double, reused: Bool) throws(CameraError) -> CameraFormat {
        do { return try camera.configure(mode: mode, fps: fps) } catch {
            guard reused, case let .unsupportedMode(_, supported) = error else { throw error }
            // Format and size: what changed, and what the user can set (a stream's rate is its own).
            let named = { (mode: CameraMode) in "\(mode.pixelFormat) \(mode.width)x\(mode.height)" }
            let offers = (try? camera.modes()).map { $0.map(named) } ?? supported
            throw .cameBackChanged(path: camera.identity.path, had: named(mode), offers: offers)
        }
    }
}
