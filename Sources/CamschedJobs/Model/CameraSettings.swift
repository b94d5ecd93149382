import CamschedCore

/// The `camera` section: which device, which mode, and how to set its controls.
package struct CameraSettings: Sendable, Equatable {
    /// Device URIs in order of preference (SPEC §3); the first that is present and opens wins.
    /// JSON key `device`: a string or a list. Default `["auto"]`.
    package var devices: [String]
    /// Where a network camera's login comes from (JSON key `credentials`: a file's path,
    /// `{"file": PATH}` or `{"environment": NAME}`); nil (the default):
    /// `CAMSCHED_CAMERA_CREDENTIALS` when it is set, else no login.
    package var credentials: CameraCredentialsSource?
    /// The frame size; nil (the default) keeps the camera's current size — for the `test:`
    /// camera the size in its URI, for a `file:` camera the video's own size.
    package var size: SizeSpec?
    /// The requested frame rate; `nil` for the device's default rate.
    package var fps: Double?
    /// `"auto"` or a FourCC such as `MJPG`, `YUYV`, `NV12`, `H264`.
    package var pixelFormat: String
    /// Frames during this time after the stream starts are discarded; nil (the default):
    /// ``defaultWarmup`` for a camera whose picture settles after it starts, none for a `file:`
    /// video, which has nothing to settle (``warmup(cameraSettles:)``). A value set here applies
    /// to every source, a file too (to skip a file's first seconds).
    package var warmup: Duration?
    /// Focus control. Default continuous.
    /// nil (the default): leave focus as the camera has it.
    package var focus: ControlModeSetting?
    /// Exposure control. Default continuous.
    /// nil (the default): leave exposure as the camera has it.
    package var exposure: ControlModeSetting?
    /// White-balance control. Default continuous.
    /// nil (the default): leave white balance as the camera has it.
    package var whiteBalance: ControlModeSetting?
    /// Zoom factor, at least 1. Default 1.
    package var zoom: Double
    /// Other V4L2 controls by name, as `camsched devices` prints them.
    package var controls: [String: JobControlValue]
    /// How the sensor is mounted: 0, 90, 180 or 270 degrees clockwise. Default 0.
    package var rotation: Int
    /// Whether the image is mirrored left to right. Default false.
    package var mirror: Bool
    /// The `audio` block: the microphone recorded with the pictures; nil (the default): none.
    package var audio: AudioSpec?

    /// The default warm-up time of a camera whose picture settles after it starts.
    package static let defaultWarmup = Duration.seconds(1)

    /// The warm-up of a run: `warmup` when the job sets it, else ``defaultWarmup`` for a camera
    /// that settles after it starts (a sensor) and zero for one that does not (a video file).
    package func warmup(cameraSettles: Bool) -> Duration {
        warmup ?? (cameraSettles ? Self.defaultWarmup : .zero)
    }

    /// Creates camera settings; every parameter has the documented default.
    package init(
        devices: [String] = ["auto"], credentials: CameraCredentialsSource? = nil, size: SizeSpec? = nil, fps: Double? = nil,
        pixelFormat: String = "auto", warmup: Duration? = nil,
        focus: ControlModeSetting? = nil, exposure: ControlModeSetting? = nil,
        whiteBalance: ControlModeSetting? = nil, zoom: Double = 1,
        controls: [String: JobControlValue] = [:], rotation: Int = 0, mirror: Bool = false
    ) {
        self.devices = devices
        self.credentials = credentials
        self.size = size
        self.fps = fps
        self.pixelFormat = pixelFormat
        self.warmup = warmup
        self.focus = focus
        self.exposure = exposure
        self.whiteBalance = whiteBalance
        self.zoom = zoom
        self.controls = controls
        self.rotation = rotation
        self.mirror = mirror
    }
}
