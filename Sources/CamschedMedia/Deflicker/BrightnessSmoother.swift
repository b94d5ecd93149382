import Foundation

/// The brightness each frame of a deflickered time-lapse is brought to: a weighted geometric
/// mean of the measured brightness over a centred window of 15 frames — the weighted mean of
/// the log-brightness, so a step of +1 EV and one of −1 EV weigh alike. The weights fall off
/// linearly from the frame itself (8) to the 7th frame either side (1): a triangular window
/// evens out a camera's auto exposure hunting over a few shots three times better than equal
/// weights do, and random shot-to-shot steps as well. Near the ends of the sequence the window
/// is cut to the frames that exist (frame 0 takes frames 0…7, weights 8…1). A steady change
/// in log (a sunset) passes unchanged; shot-to-shot steps are evened out.
package enum BrightnessSmoother {
    /// Frames in the window: the frame itself and 7 on either side, as in ``FlickerMetric``.
    package static let window = 15
    /// Frames after a frame that its target needs: the assembly holds this many back.
    package static let lookahead = window / 2
    /// The largest correction either way: a factor of 4 (2 EV). Beyond it a frame is a real
    /// change (a light switched on), not flicker, and lifting near-black frames more only
    /// lifts their noise.
    package static let gainLimit = 4.0
    /// Brightness below this (1/255: one luma step) counts as this, so black frames have a log.
    package static let floor = 1.0 / 255

    /// The log of a measured brightness (0…1), floored.
    package static func logBrightness(_ brightness: Double) -> Double {
        log(max(brightness.isFinite ? brightness : 0, floor))
    }

    /// The target brightness of frame `index` from the log-brightness of the frames measured so
    /// far (`logs`): the window is cut to `logs`, so call it once the frames up to
    /// `index + lookahead` are measured, or the sequence has ended.
    package static func target(ofFrame index: Int, logs: [Double]) -> Double {
        let low = max(0, index - lookahead)
        let high = min(logs.count - 1, index + lookahead)
        guard low <= high else { return 0 }
        var (sum, weights) = (0.0, 0.0)
        for other in low...high {
            let weight = Double(lookahead + 1 - abs(other - index))
            sum += weight * logs[other]
            weights += weight
        }
        return exp(sum / weights)
    }

    /// The targets of a whole series of measured brightness (0…1).
    package static func targets(_ brightness: [Double]) -> [Double] {
        let logs = brightness.map(logBrightness)
        return logs.indices.map { target(ofFrame: $0, logs: logs) }
    }

    /// The factor that brings `measured` to `target`, within ``gainLimit`` either way.
    package static func gain(measured: Double, target: Double) -> Double {
        let ratio = target / max(measured.isFinite ? measured : 0, floor)
        guard ratio.isFinite, ratio > 0 else { return 1 }
        return min(max(ratio, 1 / gainLimit), gainLimit)
    }
}
