import Foundation

/// Why interval shots came too late, as measured when they were skipped: the camera's frame
/// rate (asked and delivered), the frames a shot needs and the interval. "Running 5 s late"
/// alone left the user to guess; the skip warning says the cause it measured and the fix.
package struct LatenessCause: Sendable, Equatable {
    /// The rate camsched asked of the camera (its configured format); nil when not known.
    package var askedFPS: Double?
    /// The rate frames came at while the mode took them one after another; nil when too few
    /// came to tell.
    package var deliveredFPS: Double?
    /// Frames a shot takes from the camera: 1, or an exposure ramp's metering and settling frames.
    package var framesPerShot: Int
    /// The interval between shots, in seconds.
    package var every: Double
    /// How long the camera had sent no frame when the shot was given up, in seconds.
    package var silentSeconds: Double?

    package init(askedFPS: Double?, deliveredFPS: Double?, framesPerShot: Int, every: Double, silentSeconds: Double? = nil) {
        self.askedFPS = askedFPS
        self.deliveredFPS = deliveredFPS
        self.framesPerShot = max(framesPerShot, 1)
        self.every = every
        self.silentSeconds = silentSeconds
    }

    /// A camera delivering less than this share of the asked rate is slower than asked (a
    /// measured rate wobbles by a few percent).
    static let slowShare = 0.8

    /// The cause and the fix, in one clause for the warning.
    package var text: String {
        guard let rate = deliveredFPS ?? askedFPS, rate > 0 else {
            let silence = silentSeconds.map { "the camera sent no frame for \(Self.seconds($0)); " } ?? ""
            return silence + "check that it delivers frames (camsched snapshot --device …) or make capture.interval.every longer"
        }
        let need = Double(framesPerShot) / rate
        let frames = "a frame every \(Self.seconds(1 / rate))" + (framesPerShot > 1
            ? "; the exposure ramp meters and settles \(framesPerShot) frames before each shot: \(Self.seconds(need))" : "")
        let longer = "make capture.interval.every at least \(Self.jobDuration(max(need, every)))"
        if let delivered = deliveredFPS, let asked = askedFPS, delivered < asked * Self.slowShare {
            return "the camera delivers \(Self.fps(delivered)) fps, not the \(Self.fps(asked)) fps asked (\(frames)); a camera "
                + "slows down so when it exposes longer in low light or its USB bus is full: give it more light or a fixed "
                + "exposure, choose a smaller camera.size or MJPG, or \(longer)"
        }
        if need > every {
            return "the camera runs at \(Self.fps(rate)) fps (\(frames)), too slow for a shot every \(Self.seconds(every)): "
                + "raise camera.fps or \(longer)"
        }
        if let silent = silentSeconds, silent > max(3 / rate, every) {
            return "the camera, at \(Self.fps(rate)) fps, sent no frame for \(Self.seconds(silent)): check its cable, power and driver"
        }
        return "frames came at \(Self.fps(rate)) fps, in time for a shot every \(Self.seconds(every)): the time went to filing "
            + "the stills or to a busy machine (see the pressure level and the output disk)"
    }

    /// A rate as the job writes it (`30`, `0.5`), a measured one to two figures (`4.9`, `0.25`).
    static func fps(_ value: Double) -> String {
        let text = String(format: value >= 10 ? "%.0f" : value >= 1 ? "%.1f" : "%.2f", value)
        guard text.contains(".") else { return text }
        var trimmed = text
        while trimmed.hasSuffix("0") { trimmed.removeLast() }
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed
    }

    /// Seconds for a sentence: `0.10 s`, `2.00 s`.
    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    /// A duration as a job file takes it, rounded up: `"2s"`, `"1500ms"`.
    static func jobDuration(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded(.up))
        return milliseconds % 1000 == 0 ? "\"\(milliseconds / 1000)s\"" : "\"\(milliseconds)ms\""
    }
}
