import CamschedCore

/// `codec: "auto"`: whether a recording files the camera's own compressed frames as they are
/// (a stream copy) or encodes them, and why — decided when the camera's modes are known.
///
/// It copies when the camera offers a copyable format (``ConfigurationCheck/preference(for:)``
/// of ``CameraRequest/Purpose/copy``: the one list of what can be copied) at the size asked, at
/// least as fast as it offers any format there (so a rate the raw formats offer and the
/// compressed ones do not is kept by encoding), and nothing needs pixels. Rotation and
/// mirroring do not: a recording stores them as a display matrix. A digital zoom (a centre crop
/// on a camera without optical zoom) and a raw `camera.pixelFormat` do.
package struct StreamCopyChoice: Sendable, Equatable {
    /// Whether the camera's frames are filed as they are.
    package var copies: Bool
    /// One sentence for the sidecar's `encoder.reason` and the run's log, as
    /// `auto: the camera delivers MJPG 1920x1080 at 30 fps; copied`.
    package var reason: String

    package init(copies: Bool, reason: String) {
        self.copies = copies
        self.reason = reason
    }

    /// The choice for `request` (purpose ``CameraRequest/Purpose/copyIfOffered``) among `modes`,
    /// with the mode and rate to configure.
    /// - Parameter needsPixels: what in the job needs pixels on this camera (`zoom 2x is a
    ///   centre crop on this camera`), known before the modes; nil when nothing does.
    /// - Returns: the configuration check of the chosen purpose (``CameraRequest/Purpose/copy``
    ///   or ``CameraRequest/Purpose/video``) and the choice.
    package static func evaluate(_ request: CameraRequest, modes: [CameraMode], current: CameraMode?,
                                needsPixels: String?) -> (check: ConfigurationCheck, choice: StreamCopyChoice) {
        var video = request
        video.purpose = .video
        let encoded = ConfigurationCheck.evaluate(video, modes: modes, current: current)
        func encode(_ why: String) -> (ConfigurationCheck, StreamCopyChoice) {
            (encoded, StreamCopyChoice(copies: false, reason: "auto: \(why); encoded"))
        }
        if let needsPixels { return encode("\(needsPixels), which needs pixels") }
        let copyable = ConfigurationCheck.preference(for: .copy)
        if let asked = request.pixelFormat, !copyable.contains(asked) {
            return encode("camera.pixelFormat asks for \(asked) (raw pixels)")
        }
        var copy = request
        copy.purpose = .copy
        let copied = ConfigurationCheck.evaluate(copy, modes: modes, current: current)
        guard let (mode, fps) = modeAndRate(copied), copyable.contains(mode.pixelFormat) else {
            let size = modeAndRate(encoded).map { "\($0.mode.width)x\($0.mode.height)" } ?? "the size asked"
            let names = copyable.map(\.description).dropLast().joined(separator: ", ") + " or " + (copyable.last?.description ?? "")
            return encode("the camera offers no \(names) at \(size)")
        }
        if let other = modeAndRate(encoded), other.fps > fps + 1e-6 {
            return encode("the camera offers \(mode.pixelFormat) \(mode.width)x\(mode.height) at up to \(FrameRateText.format(fps)) fps, "
                + "\(other.mode.pixelFormat) at \(FrameRateText.format(other.fps)) fps")
        }
        let reason = "auto: the camera delivers \(mode.pixelFormat) \(mode.width)x\(mode.height) at \(FrameRateText.format(fps)) fps, "
            + "and nothing needs pixels; copied"
        return (copied, StreamCopyChoice(copies: true, reason: reason))
    }

    /// What needs pixels on a camera whose controls are `controls`: a zoom it has no optical
    /// zoom for is a centre crop of every frame (``ControlPass/applyZoom(_:)``).
    package static func needsPixels(_ request: CameraRequest, controls: [CameraControl]) -> String? {
        guard request.zoom > 1.0001, !controls.contains(where: { $0.meaning == .zoom }) else { return nil }
        let factor = request.zoom == request.zoom.rounded() ? String(Int(request.zoom)) : String(request.zoom)
        return "zoom \(factor)x is a centre crop on this camera (it has no optical zoom)"
    }

    /// The mode and rate of a possible configuration; nil when it is invalid.
    private static func modeAndRate(_ check: ConfigurationCheck) -> (mode: CameraMode, fps: Double)? {
        switch check {
        case let .valid(mode, fps), let .adjusted(mode, fps, _): return (mode, fps)
        case .invalid: return nil
        }
    }
}
