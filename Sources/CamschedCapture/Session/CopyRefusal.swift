/// `codec: "copy"` on a camera that offers nothing it can copy at the size asked: the run
/// stops before anything is filed, saying what the camera delivers and what to change —
/// for a network camera, the codec of its stream, which only the camera's own settings change.
enum CopyRefusal {
    /// Throws ``CameraError/cannotCopy(path:reason:)`` when `request` copies and `mode` (what
    /// the configuration check chose) is not a copyable format.
    static func check(_ request: CameraRequest, mode: CameraMode, camera: Camera) throws(CameraError) {
        let copyable = ConfigurationCheck.preference(for: .copy)
        guard request.purpose == .copy, !copyable.contains(mode.pixelFormat) else { return }
        let encode = "choose codec \"h264\" (or \"auto\", which copies where it can) to record it encoded"
        if let codec = camera.decodedStreamCodec, camera.identity.isNetworkCamera {
            throw .cannotCopy(path: camera.identity.path, reason: """
                codec copy files a camera's own MJPEG or H.264 as it comes, but this network camera streams \(codec), which \
                camsched can only decode (to raw pixels, \(mode.pixelFormat)); \(encode), or set the camera to stream H.264 or MJPEG
                """)
        }
        // Where the camera does offer what a copy takes (a USB camera's MJPEG at its larger sizes).
        var offered: [String] = []
        for other in (try? camera.modes()) ?? [] where copyable.contains(other.pixelFormat) {
            let text = "\(other.pixelFormat) \(other.width)x\(other.height)"
            if !offered.contains(text) { offered.append(text) }
        }
        let change = offered.isEmpty
            ? "it offers neither at any size, so \(encode)"
            : "it offers \(offered.joined(separator: ", ")): set camera.size (and camera.pixelFormat) to one of those, or \(encode)"
        throw .cannotCopy(path: camera.identity.path, reason: """
            codec copy files a camera's own MJPEG or H.264 as it comes, but this camera delivers \(mode.pixelFormat) \
            \(mode.width)x\(mode.height) (raw pixels) and neither MJPEG nor H.264 at that size; \(change)
            """)
    }
}
