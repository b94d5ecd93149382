extension CaptureSession {
    /// The mode and rate a session chose, kept for the same camera when it comes back.
    public struct ChosenMode: Sendable, Equatable {
        public var mode: CameraMode
        public var fps: Double
        /// For `codec: "auto"`: whether the recording copies the camera's frames, and why.
        public var copy: StreamCopyChoice?

        public init(mode: CameraMode, fps: Double, copy: StreamCopyChoice? = nil) {
            self.mode = mode
            self.fps = fps
            self.copy = copy
        }
    }
}
