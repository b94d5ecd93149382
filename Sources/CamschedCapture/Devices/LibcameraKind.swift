import CamschedCore
import CamschedLibcamera

/// libcamera's cameras (`libcamera:`, `libcamera:ID`): camera modules on a CSI connector, vimc.
/// A USB camera that libcamera also lists (its `uvcvideo` pipeline; the id ends in the USB
/// vendor and product, `…-046d:0825`) is left to the V4L2 kind, which opens it directly: each
/// camera is listed once. Without libcamera installed the kind lists nothing, and a
/// `libcamera:` URI fails when opened, saying what to install.
struct LibcameraKind: CameraKindBackend {
    var kind: CameraKind { .libcamera }

    func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera] {
        guard case let .libcamera(id) = uri else { return [] }
        return [Camera(LibcameraBackend(id: id, uri: text))]
    }

    func present() -> [PresentCamera] {
        guard let manager = try? LibcameraManager() else { return [] }
        return manager.cameras().filter { !Self.isUSB($0.id) }.map { info in
            PresentCamera(uri: "libcamera:\(info.id)", name: info.model ?? info.id, location: .libcamera(id: info.id))
        }
    }

    /// libcamera's camera manager, held while `devices` lists the cameras and opens each.
    func listingSession() -> AnyObject? { try? LibcameraManager() }

    /// Whether a libcamera id is a USB camera's (ends in `-VVVV:PPPP`).
    static func isUSB(_ id: String) -> Bool {
        let tail = id.suffix(10)
        guard tail.count == 10, tail.first == "-" else { return false }
        let parts = tail.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { $0.count == 4 && $0.allSatisfy(\.isHexDigit) }
    }
}
