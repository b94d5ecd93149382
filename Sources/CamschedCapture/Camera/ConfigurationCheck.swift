import CamschedCore
import CamschedV4L2

/// The outcome of validating a whole camera configuration before anything is applied
/// (AVFoundation's begin/commit configuration).
package enum ConfigurationCheck: Sendable, Equatable {
    /// The mode and rate as asked.
    case valid(mode: CameraMode, fps: Double)
    /// Usable, with adjustments that are allowed (e.g. the nearest rate not above the one asked).
    case adjusted(mode: CameraMode, fps: Double, reasons: [String])
    /// Not possible; the reason lists what is.
    case invalid(CameraError)

    /// Chooses a mode for `request` among `modes`. `current` is what the device has now (for
    /// `size: current`).
    package static func evaluate(_ request: CameraRequest, modes: [CameraMode], current: CameraMode?) -> ConfigurationCheck {
        guard !modes.isEmpty else {
            return .invalid(.unsupportedMode(requested: "any mode", supported: ["(the device offers no capture modes)"]))
        }
        do {
            let (width, height) = try size(for: request, among: modes, current: current)
            let atSize = modes.filter { $0.width == width && $0.height == height }
            let mode = try pixelFormat(for: request, among: atSize, width: width, height: height, current: current)
            let (fps, reasons) = frameRate(for: request, mode: mode, current: current)
            return finish(mode, fps, reasons)
        } catch {
            return .invalid(error)
        }
    }

    /// Step 1: the size asked, or the one `largest`, `high` or `current` stands for.
    private static func size(for request: CameraRequest, among modes: [CameraMode],
                             current: CameraMode?) throws(CameraError) -> (Int, Int) {
        let byArea: (CameraMode, CameraMode) -> Bool = { $0.width * $0.height < $1.width * $1.height }
        switch request.size {
        case let .exact(w, h):
            guard modes.contains(where: { $0.width == w && $0.height == h }) else {
                throw .unsupportedMode(requested: "\(w)x\(h)", supported: uniqueSizes(modes))
            }
            return (w, h)
        case .largest:
            let best = modes.max(by: byArea) ?? modes[0]
            return (best.width, best.height)
        case .high:
            let fitting = modes.filter { $0.width <= 1920 && $0.height <= 1080 }
            let best = (fitting.isEmpty ? modes : fitting).max(by: byArea) ?? modes[0]
            return (best.width, best.height)
        case .current:
            let mode = current ?? modes[0]
            return (mode.width, mode.height)
        }
    }

    /// Step 2: the pixel format asked, else the first of the purpose's preference offered at
    /// that size (a still with `size: current` keeps the current format unless JPEG is offered
    /// or a still cannot be made from it; a copy keeps a compressed format the camera is set to).
    private static func pixelFormat(for request: CameraRequest, among atSize: [CameraMode], width: Int, height: Int,
                                    current: CameraMode?) throws(CameraError) -> CameraMode {
        if let wanted = request.pixelFormat {
            guard let match = atSize.first(where: { $0.pixelFormat == wanted }) else {
                throw .unsupportedMode(requested: "\(wanted) at \(width)x\(height)", supported: atSize.map(\.summary))
            }
            return match
        }
        let preference = Self.preference(for: request.purpose)
        // A copy keeps the compressed format the camera is set to (an H.264 camera's H.264).
        let copyable = Self.preference(for: .copy)
        if request.purpose != .still, request.purpose != .video, let current, copyable.contains(current.pixelFormat),
           let same = atSize.first(where: { $0.pixelFormat == current.pixelFormat }) {
            return same
        }
        // Only a format a still can be made from: a camera set to H.264 (an RTSP camera's own
        // stream) gives its stills from the decoded pictures it also offers.
        if case .current = request.size, let current, let same = atSize.first(where: { $0.pixelFormat == current.pixelFormat }),
           request.purpose == .still, preference.contains(same.pixelFormat),
           !preference.prefix(2).contains(where: { code in atSize.contains { $0.pixelFormat == code } }) {
            return same
        }
        return preference.lazy.compactMap { code in atSize.first { $0.pixelFormat == code } }.first ?? atSize[0]
    }

    /// The pixel formats a purpose takes, best first.
    static func preference(for purpose: CameraRequest.Purpose) -> [FourCC] {
        switch purpose {
        case .still: return [.mjpg, .jpeg, .yuyv, .nv12, .yu12, .uyvy]
        case .video: return [.nv12, .yu12, .yuyv, .uyvy, .mjpg, .jpeg]
        case .copy: return [.mjpg, .jpeg, .h264]
        case .copyIfOffered: return preference(for: .copy) + preference(for: .video).filter { !preference(for: .copy).contains($0) }
        }
    }

    /// Step 3: the nearest supported rate not above the one asked, with the reason when it
    /// differs; with none asked, the camera's own for `size: current`, else at most 30.
    private static func frameRate(for request: CameraRequest, mode: CameraMode, current: CameraMode?) -> (Double, [String]) {
        if let asked = request.fps {
            if let best = mode.frameRates.filter({ $0 <= asked + 1e-6 }).max() {
                let differs = abs(best - asked) > 1e-6
                return (best, differs ? ["\(FrameRateText.format(asked)) fps is not offered; using \(FrameRateText.format(best)) fps"] : [])
            }
            if let lowest = mode.frameRates.min() {
                return (lowest, ["the slowest rate offered is \(FrameRateText.format(lowest)) fps, above the \(FrameRateText.format(asked)) fps asked"])
            }
            return (asked, [])
        }
        if case .current = request.size, let current, let rate = current.frameRates.first,
           current.pixelFormat == mode.pixelFormat || mode.frameRates.contains(rate) {
            // No rate asked: keep the camera's own (the test camera's URI rate, a device's
            // current rate), also when the format changes, if the new format offers it.
            return (rate, [])
        }
        if let best = mode.frameRates.filter({ $0 <= 30 }).max() { return (best, []) }
        return (mode.frameRates.first.map { min($0, 30) } ?? 30, [])
    }

    private static func finish(_ mode: CameraMode, _ fps: Double, _ reasons: [String]) -> ConfigurationCheck {
        reasons.isEmpty ? .valid(mode: mode, fps: fps) : .adjusted(mode: mode, fps: fps, reasons: reasons)
    }

    static func uniqueSizes(_ modes: [CameraMode]) -> [String] {
        var seen = Set<String>()
        var sizes: [(Int, String)] = []
        for mode in modes {
            let text = "\(mode.width)x\(mode.height)"
            if seen.insert(text).inserted { sizes.append((mode.width * mode.height, text)) }
        }
        return sizes.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
