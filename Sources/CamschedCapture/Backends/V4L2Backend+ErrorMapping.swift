import CamschedV4L2
import Foundation

extension V4L2Backend {
    /// Maps device errors to camera errors, finding who holds a busy device.
    static func map(_ error: V4L2Error, path: String) -> CameraError {
        switch error {
        case let .notFound(p): return .notFound(uri: p, available: DeviceSelector.availableCameras())
        case let .permissionDenied(p): return .permissionDenied(path: p)
        case let .busy(p): return .busy(path: p, holder: BusyHolder.find(devicePath: p))
        case let .disconnected(p): return .disconnected(path: p)
        case let .notACaptureDevice(p):
            return .notFound(uri: "\(p) (not a video capture node)", available: DeviceSelector.availableCameras())
        case let .timeout(p): return .timeout(path: p, seconds: 0)
        case let .unsupported(text): return .unsupportedMode(requested: text, supported: [])
        case let .ioctl(name, code, p):
            if code == EIO { return .streamFailed(path: p, reason: "\(name) failed with an I/O error (EIO)") }
            return .streamFailed(path: p, reason: "\(name) failed: \(String(cString: strerror(code)))")
        case let .streamError(text): return .streamFailed(path: path, reason: text)
        }
    }
}
