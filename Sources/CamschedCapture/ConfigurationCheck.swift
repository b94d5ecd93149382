import CamschedV4L2

/// The outcome of validating a whole camera configuration before anything is applied
/// (AVFoundation's begin/commit configuration).
public enum ConfigurationCheck: Sendable, Equatable {
    /// The mode and rate as asked.
    case valid(mode: CameraMode, fps: Double)
    /// Usable, with adjustments that are allowed (e.g. the nearest rate not above the one asked).
    case adjusted(mode: CameraMode, fps: Double, reasons: [String])
    /// Not possible; the reason lists what is.
    case invalid(CameraError)

    /// Chooses a mode for `request` among `modes`. `current` is what the device has now (for
    /// `size: current`).
    public static func evaluate(_ request: CameraRequest, modes: [CameraMode], current: CameraMode?) -> ConfigurationCheck {
        guard !modes.isEmpty else {
            return .invalid(.unsupportedMode(requested: "any mode", supported: ["(the device offers no capture modes)"]))
        }
        var reasons: [String] = []
        // 1. Size.
        let (width, height): (Int, Int)
        switch request.size {
        case let .exact(w, h):
            guard modes.contains(where: { $0.width == w && $0.height == h }) else {
                return .invalid(.unsupportedMode(requested: "\(w)x\(h)", supported: uniqueSizes(modes)))
            }
            (width, height) = (w, h)
        case .largest:
            let best = modes.max { $0.width * $0.height < $1.width * $1.height }!
            (width, height) = (best.width, best.height)
        case .high:
            let fitting = modes.filter { $0.width <= 1920 && $0.height <= 1080 }
            let best = (fitting.isEmpty ? modes : fitting).max { $0.width * $0.height < $1.width * $1.height }!
            (width, height) = (best.width, best.height)
        case .current:
            if let current { (width, height) = (current.width, current.height) } else {
                let first = modes[0]
                (width, height) = (first.width, first.height)
            }
        }
        let atSize = modes.filter { $0.width == width && $0.height == height }
        // 2. Pixel format.
        let mode: CameraMode
        if let wanted = request.pixelFormat {
            guard let match = atSize.first(where: { $0.pixelFormat == wanted }) else {
                return .invalid(.unsupportedMode(requested: "\(wanted) at \(width)x\(height)",
                                                 supported: atSize.map(\.summary)))
            }
            mode = match
        } else {
            let preference: [FourCC]
            switch request.purpose {
            case .still: preference = [.mjpg, .jpeg, .yuyv, .nv12, .yu12, .uyvy]
            case .video: preference = [.nv12, .yu12, .yuyv, .uyvy, .mjpg, .jpeg]
            }
            if case .current = request.size, let current, let same = atSize.first(where: { $0.pixelFormat == current.pixelFormat }),
               request.purpose == .still, !preference.prefix(2).contains(where: { code in atSize.contains { $0.pixelFormat == code } }) {
                mode = same
            } else {
                mode = preference.lazy.compactMap { code in atSize.first { $0.pixelFormat == code } }.first ?? atSize[0]
            }
        }
        // 3. Frame rate: the nearest supported rate not above the one asked.
        let fps: Double
        if let asked = request.fps {
            let notAbove = mode.frameRates.filter { $0 <= asked + 1e-6 }
            if let best = notAbove.max() {
                fps = best
                if abs(best - asked) > 1e-6 { reasons.append("\(FrameRateText.format(asked)) fps is not offered; using \(FrameRateText.format(best)) fps") }
            } else if let lowest = mode.frameRates.min() {
                fps = lowest
                reasons.append("the slowest rate offered is \(FrameRateText.format(lowest)) fps, above the \(FrameRateText.format(asked)) fps asked")
            } else {
                fps = asked
            }
        } else if case .current = request.size, let current, let rate = current.frameRates.first,
                  current.pixelFormat == mode.pixelFormat || mode.frameRates.contains(rate) {
            // No rate asked: keep the camera's own (the test camera's URI rate, a device's
            // current rate), also when the format changes, if the new format offers it.
            fps = rate
        } else {
            fps = mode.frameRates.first.map { min($0, 30) } ?? 30
            if let best = mode.frameRates.filter({ $0 <= 30 }).max() { return finish(mode, best, reasons) }
        }
        return finish(mode, fps, reasons)
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
