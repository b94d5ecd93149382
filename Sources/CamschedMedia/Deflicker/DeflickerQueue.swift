internal import CFFmpegShim
import Foundation

/// The deflicker of a time-lapse assembly, in one pass over the stills: each decoded still is
/// converted to the video's size and pixel format (the conversion the encoder would make
/// anyway), measured, and held until the ``BrightnessSmoother/lookahead`` stills after it are
/// measured too; then its brightness is scaled to the smoothed target and it goes to the
/// encoder. Each still is decoded once; at most 8 converted pictures are held.
final class DeflickerQueue {
    private let width: Int
    private let height: Int
    private let scaler = ScaleContext()
    /// The log-brightness of every picture taken so far (a few bytes per still).
    private var logs: [Double] = []
    private var measured: [Double] = []
    /// Pictures taken but not yet given out, the oldest first; the first is number `nextOut`.
    private var pending: [OwnedAVFrame] = []
    private var nextOut = 0
    /// The largest correction given so far, in EV either way.
    private(set) var largestCorrectionEV = 0.0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Takes the next decoded still; returns the pictures now ready to encode, in order.
    func push(_ still: OwnedAVFrame) throws -> [OwnedAVFrame] {
        let picture = try scaler.scale(still, width: width, height: height, format: AV_PIX_FMT_YUV420P)
        let brightness = PictureBrightness.measure(picture) ?? 0
        measured.append(brightness)
        logs.append(BrightnessSmoother.logBrightness(brightness))
        pending.append(picture)
        var ready: [OwnedAVFrame] = []
        while nextOut + BrightnessSmoother.lookahead < logs.count { ready.append(release()) }
        return ready
    }

    /// The pictures still held, once the last still is taken.
    func finish() -> [OwnedAVFrame] {
        var ready: [OwnedAVFrame] = []
        while !pending.isEmpty { ready.append(release()) }
        return ready
    }

    private func release() -> OwnedAVFrame {
        let picture = pending.removeFirst()
        let target = BrightnessSmoother.target(ofFrame: nextOut, logs: logs)
        let brightness = measured[nextOut]
        let gain = BrightnessSmoother.gain(measured: brightness, target: target)
        PictureBrightness.scale(picture, by: gain)
        largestCorrectionEV = max(largestCorrectionEV, abs(log2(gain)))
        nextOut += 1
        return picture
    }
}
