import CamschedCore
import CamschedJobs
import CamschedMedia
import Foundation

/// Runs the ``MotionDetector`` of a trigger job on a small luma picture of every Nth frame (at
/// most ``analysesPerSecond`` a second: an event's time is then within 0.1 s; more adds cost,
/// not precision), and with
/// `--debug-motion` logs the highest score of each second and writes the last changed-pixel
/// mask as `motion-mask.pgm` in the output root, for tuning `threshold` and `area`.
struct MotionWatcher {
    /// Pictures analysed per second at most.
    static let analysesPerSecond = 10.0
    private let settings: MotionDetector.Settings
    private var detector: MotionDetector
    private let stride: Int
    private var frames = 0
    private var warnedCompressed = false
    private var thumbnail = LumaThumbnail(width: 0, height: 0, pixels: [])
    private let report: RunReporter
    /// Where `--debug-motion` writes its mask (the output root); nil: no debug output.
    private let debugFolder: URL?
    private var debugSecond: (start: Int64, best: Double, motion: Bool)?

    init(spec: MotionSpec, fps: Double, report: RunReporter, debugFolder: URL?) {
        settings = spec
        detector = MotionDetector(settings: settings)
        stride = max(1, Int((fps / Self.analysesPerSecond).rounded(.down)))
        self.report = report
        self.debugFolder = debugFolder
    }

    /// Forgets the background (the camera came back: the scene may have changed).
    mutating func reset() {
        detector = MotionDetector(settings: settings)
        frames = 0
    }

    /// The reading for `frame`: analysed on every Nth frame, nil on the others. A compressed
    /// frame (a copied stream) is analysed on its picture from `pictures`.
    mutating func analyze(_ frame: VideoFrame, pictures: CompressedFrameDecoder? = nil) -> MotionDetector.Reading? {
        defer { frames += 1 }
        guard frames % stride == 0 else { return nil }
        guard let picture = pictures.map({ $0.picture() }) ?? frame else { return nil }
        guard thumbnail.update(from: picture) else {
            if !warnedCompressed {
                warnedCompressed = true
                report.warn("motion detection needs raw frames (YUYV, NV12, YU12), not \(frame.pixelFormat); set camera.pixelFormat")
            }
            return nil
        }
        let reading = detector.analyze(thumbnail)
        if debugFolder != nil { debug(reading, at: frame.timestampNanoseconds) }
        return reading
    }

    private mutating func debug(_ reading: MotionDetector.Reading, at time: Int64) {
        guard var second = debugSecond else {
            debugSecond = (time, reading.score, reading.isMotion)
            return
        }
        second.best = max(second.best, reading.score)
        second.motion = second.motion || reading.isMotion
        if time - second.start >= 1_000_000_000 {
            report.logger.info("motion score \(String(format: "%.4f", second.best)) (area \(settings.area))\(second.motion ? ": motion" : "")")
            writeMask()
            second = (time, 0, false)
        }
        debugSecond = second
    }

    private func writeMask() {
        guard let mask = detector.lastMask, let debugFolder else { return }
        var data = Data("P5\n\(mask.width) \(mask.height)\n255\n".utf8)
        data.append(contentsOf: mask.pixels)
        try? data.write(to: debugFolder.appendingPathComponent("motion-mask.pgm"), options: .atomic)
    }
}
