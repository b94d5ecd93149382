/// The camera's life: closed → open → configured → streaming → stopping → (configured | closed).
public enum CameraState: String, Sendable, Equatable {
    case closed, open, configured, streaming, stopping

    /// Whether a transition to `next` is allowed.
    public func canMove(to next: CameraState) -> Bool {
        switch (self, next) {
        case (.closed, .open), (.open, .configured), (.configured, .configured), (.configured, .streaming),
             (.streaming, .stopping), (.stopping, .configured), (_, .closed):
            return true
        default:
            return false
        }
    }
}
