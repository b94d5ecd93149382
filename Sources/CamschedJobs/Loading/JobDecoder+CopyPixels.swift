import CamschedCore
import Foundation

extension JobDecoder {
    /// `codec: "copy"` files the camera's frames as they came, so nothing that needs new pixels
    /// can apply. What the job alone tells: a rotation or mirror in Matroska (FFmpeg 5.1's
    /// Matroska muxer writes no display matrix, so only turning the pixels would show it), and a
    /// zoom on cameras that have no optical zoom (network cameras and `file:` videos: camsched
    /// reaches no zoom control on them, so the zoom is a centre crop). A zoom on a V4L2 or test
    /// camera is known only at run time (ControlPass.applyZoom). Each problem is reported at the
    /// key to change.
    func checkCopyNeedsNoPixels(_ object: ObjectReader, camera: CameraSettings, spec: RecordSpec, kind: String) {
        let cameraNode = object.node("camera")
        if spec.container == .mkv, camera.rotation % 360 != 0 || camera.mirror {
            let record = object.node("capture").flatMap { Self.member($0, kind) }
            let container = record.flatMap { Self.member($0.value, "container") }
            let mounting = camera.rotation % 360 != 0 ? "camera.rotation \(camera.rotation)" : "camera.mirror"
            report(object.path("capture").key(kind).key("container"), container?.keyLocation ?? object.location,
                   "codec \"copy\" files the camera's frames as they are, and an MKV file cannot carry \(mounting) "
                   + "(FFmpeg's Matroska muxer writes no display matrix), so it would need new pixels: set container to \"mp4\", "
                   + "whose display matrix turns the picture on playback, or leave \(mounting) out")
        }
        if camera.zoom > 1.0001, let kind = Self.kindWithoutOpticalZoom(camera.devices, baseDirectory: baseDirectory) {
            let zoom = cameraNode.flatMap { Self.member($0, "zoom") }
            report(object.path("camera").key("zoom"), zoom?.keyLocation ?? object.location,
                   "codec \"copy\" files the camera's frames as they are, but \(kind) no zoom camsched can set, so zoom "
                   + "\(JobDecoder.format(camera.zoom)) would be a centre crop of every frame, which needs new pixels: leave camera.zoom "
                   + "out (set the zoom on the camera itself), or choose codec \"h264\" (or \"auto\") to crop and encode")
        }
    }

    /// The encoding keys of a recording or a trigger job, with the capture key they are under.
    static func encoding(of capture: CaptureSpec?) -> (String, RecordSpec)? {
        switch capture {
        case let .record(spec)?: return ("record", spec)
        case let .trigger(spec)?: return ("trigger", spec.encoding)
        default: return nil
        }
    }

    /// What every device of `devices` is, with its verb ("a network camera has"), when none of
    /// them has a zoom camsched can set (a network camera, a `file:` video); nil when one may
    /// (a V4L2 or test camera).
    static func kindWithoutOpticalZoom(_ devices: [String], baseDirectory: URL?) -> String? {
        let kinds = devices.map { text -> String? in
            guard let kind = (try? DeviceURI(parsing: text, baseDirectory: baseDirectory))?.kind,
                  !kind.capabilities.hasControls else { return nil }
            return kind.described + " has"
        }
        guard !kinds.isEmpty, !kinds.contains(nil) else { return nil }
        return Set(kinds).count == 1 ? kinds[0] : "its devices (network cameras and file: videos) have"
    }

    /// The member `key` of an object node, with where its key is written.
    static func member(_ node: JSONNode, _ key: String) -> JSONMember? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }
    }
}
