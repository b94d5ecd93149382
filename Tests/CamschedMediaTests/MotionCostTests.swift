import CamschedCore
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

/// What motion detection costs at 640x360: the thumbnail of a YUYV frame plus one analysis,
/// timed over 300 frames. The budget is 5 % of one core at 30 fps with the 10 analyses a
/// second a trigger job makes: 5 ms per analysis in a release build (25 ms in a debug build,
/// whose unoptimised code is 5–10 times slower).
@Suite struct MotionCostTests {
    @Test func oneAnalysisOf640x360StaysWithinFivePercentOfACoreAt30FPS() throws {
        let frames = try (0..<8).map { n in
            try SyntheticPattern.makeFrame(width: 640, height: 360, pixelFormat: .yuyv, frameNumber: UInt32(n),
                                           timestampNanoseconds: Int64(n) * 33_333_333)
        }
        var detector = MotionDetector(settings: .init(threshold: 0.03, area: 0.005))
        var thumbnail = LumaThumbnail(width: 0, height: 0, pixels: [])
        var motion = 0, updated = 0
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for n in 0..<300 {
                if thumbnail.update(from: frames[n % frames.count]) { updated += 1 }
                if detector.analyze(thumbnail).isMotion { motion += 1 }
            }
        }
        #expect(updated == 300)
        let perAnalysis = Double(elapsed.components.attoseconds) / 1e15 / 300 + Double(elapsed.components.seconds) * 1000 / 300
        print("motion detection at 640x360: \(String(format: "%.3f", perAnalysis)) ms per analysis, "
              + "\(String(format: "%.2f", perAnalysis * 10 / 10)) % of a core at 10 analyses a second")  // ms × 10/s ÷ 1000 ms × 100 %
        #expect(thumbnail.width == 160 && thumbnail.height == 90)
        #expect(motion > 0, "the pattern's bouncing box moves: the work is really done")
        #if DEBUG
        // Unoptimised code with every check on runs 5–10 times slower than the release build.
        let budget = 25.0
        #else
        let budget = 5.0
        #endif
        #expect(perAnalysis < budget, "\(perAnalysis) ms per analysis")
    }
}
