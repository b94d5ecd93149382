/// Something that happened to a running capture.
public enum CaptureEvent: Sendable, Equatable {
    /// The camera went away (unplugged, ENODEV, no frames within the watchdog).
    case disconnected(reason: String)
    /// Streaming failed with an error that ended the stream.
    case failed(CameraError)
}
