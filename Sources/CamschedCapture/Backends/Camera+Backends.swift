import CamschedCore

extension Camera {
    /// A V4L2 device through libv4l2 (``V4L2Backend``).
    package static func v4l2(path: String, bufferCount: Int = 6) -> Camera {
        Camera(V4L2Backend(path: path, bufferCount: bufferCount))
    }

    /// The built-in `test:` camera (``SyntheticBackend``).
    package static func synthetic(options: SyntheticCameraOptions, uri: String = "test:") -> Camera {
        Camera(SyntheticBackend(options: options, uri: uri))
    }

    /// A `file:` video played as a camera (``FileBackend``).
    package static func file(path: String, options: FileCameraOptions) -> Camera {
        Camera(FileBackend(path: path, options: options))
    }
}
