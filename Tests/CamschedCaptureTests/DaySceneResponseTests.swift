@testable import CamschedCapture
import CamschedCore
import CamschedMedia
import Foundation
import Testing

/// The test camera's `scene=day`: a day's light over five decades, and pixels that respond to the
/// emulated exposure time and gain as a sensor's do (value ∝ scene × exposure × gain, clipped,
/// noise rising with gain).
@Suite struct DaySceneResponseTests {
    typealias Day = DaySceneCamera

    @Test func theDaySpansMoreThanFiveDecadesFromNoonToNight() {
        let noon = Day.berlin.elevation(at: Day.noon)
        let midnight = Day.berlin.elevation(at: Day.noon + 12 * 3600)
        let ratio = DayScene.luminance(elevation: noon) / DayScene.luminance(elevation: midnight)
        #expect(noon > 60 && midnight < -12, "elevations \(noon)° and \(midnight)°")
        #expect(ratio >= 1e5, "noon / night = \(ratio)")
        // December in Berlin: the sun at noon only 14° high, still five decades.
        let december = Day.berlin.solarNoon(year: 2026, month: 12, day: 21, in: .gmt)
        let winter = DayScene.luminance(elevation: Day.berlin.elevation(at: december))
            / DayScene.luminance(elevation: Day.berlin.elevation(at: december + 12 * 3600))
        #expect(winter >= 1e5, "December noon / night = \(winter)")
        // Monotonic and smooth: no step between neighbouring tenths of a degree.
        for tenth in -300..<900 {
            let (low, high) = (DayScene.luminance(elevation: Double(tenth) / 10), DayScene.luminance(elevation: Double(tenth + 1) / 10))
            #expect(high > low && high / low < 1.15, "at \(Double(tenth) / 10)°: \(low) → \(high)")
        }
    }

    @Test func brightnessUnderFixedExposureFallsWithTheSun() throws {
        let late = Day.afterNoon(below: 20)
        var means: [Double] = []
        for start in [Day.noon, late] {
            let day = try Day("start=\(Day.rfc3339(start))", key: "fall-\(start)")
            try day.manual(exposure: 4)
            _ = try day.next()
            means.append(day.sceneMean(try day.next()))
        }
        // Frames one thirtieth of a second apart at time scale 1: the sun has not moved.
        let expected = DayScene.luminance(elevation: Day.berlin.elevation(at: late))
            / DayScene.luminance(elevation: Day.berlin.elevation(at: Day.noon))
        let measured = means[1] / means[0]
        #expect(means[0] > 0.25 && means[0] < 0.8, "noon mean \(means[0])")
        #expect(abs(measured / expected - 1) < 0.02, "measured \(measured), expected \(expected)")
    }

    @Test func doublingExposureOrGainDoublesTheBrightnessUntilItClips() throws {
        let day = try Day("start=\(Day.rfc3339(Day.noon))")
        func mean(exposure: Int64, gain: Int64) throws -> Double {
            try day.manual(exposure: exposure, gain: gain)
            return day.sceneMean(try day.next())
        }
        let base = try mean(exposure: 2, gain: 100)
        let longer = try mean(exposure: 4, gain: 100)
        let gained = try mean(exposure: 2, gain: 200)
        let both = try mean(exposure: 3, gain: 150)
        #expect(base > 0.1 && base < 0.35, "base mean \(base)")
        #expect(abs(longer / base - 2) < 0.04, "exposure ×2: \(longer / base)")
        #expect(abs(gained / base - 2) < 0.04, "gain ×2: \(gained / base)")
        #expect(abs(both / base - 2.25) < 0.05, "×1.5 × ×1.5: \(both / base)")
        // A second at noon: every pixel at full scale.
        #expect(try mean(exposure: 10_000, gain: 100) == 1)
        #expect(try mean(exposure: 10_000, gain: 1600) == 1)
    }

    @Test func noiseRisesWithGain() throws {
        let day = try Day("start=\(Day.rfc3339(Day.noon))")
        // The same mean brightness twice: by exposure at 1×, and by gain at 8×.
        func noise(exposure: Int64, gain: Int64) throws -> (mean: Double, sigma: Double) {
            try day.manual(exposure: exposure, gain: gain)
            let (a, b) = (try day.next(), try day.next())
            let rows = day.sceneTop..<a.height
            let differences = zip(Day.luma(a, rows: rows), Day.luma(b, rows: rows)).map { Double(Int($0) - Int($1)) }
            let variance = differences.reduce(0) { $0 + $1 * $1 } / Double(differences.count)
            return (day.sceneMean(a), (variance / 2).squareRoot())  // σ in luma steps
        }
        let low = try noise(exposure: 8, gain: 100)
        let high = try noise(exposure: 1, gain: 800)
        #expect(abs(high.mean / low.mean - 1) < 0.05, "means \(low.mean) and \(high.mean)")
        #expect(low.sigma > 0.5 && high.sigma > 2.5 * low.sigma, "σ at 1×: \(low.sigma), at 8×: \(high.sigma)")
    }

    @Test func everyFormatCarriesTheSameSceneAndItsFrameNumbers() throws {
        var lumas: [[UInt8]] = []
        for format in [FourCC.yu12, .nv12, .yuyv] {
            let day = try Day("start=\(Day.rfc3339(Day.noon))", pixelFormat: format, key: "formats")
            try day.manual(exposure: 5)
            _ = try day.next()
            let frame = try day.next()
            // The scene (the code rows carry each camera's own timestamps).
            lumas.append(Day.luma(frame, rows: day.sceneTop..<frame.height))
            let plane = frame.pixelFormat == .yuyv ? nil : UnsafeRawBufferPointer(rebasing: frame.bytes[0..<(frame.bytesPerLine * frame.height)])
            if let plane {
                #expect(SyntheticPattern.readFrameNumber(fromLuma: plane, width: frame.width, height: frame.height,
                                                         stride: frame.bytesPerLine) == frame.sequence)
            }
        }
        #expect(lumas[0] == lumas[1] && lumas[1] == lumas[2])
        // MJPG: the same picture, JPEG-encoded.
        let day = try Day("start=\(Day.rfc3339(Day.noon))", pixelFormat: .mjpg, key: "formats")
        try day.manual(exposure: 5)
        _ = try day.next()
        let jpeg = try day.next()
        let picture = try jpeg.bytes.withUnsafeBytes { try PictureDecoder(sniffing: $0).decode($0) }
        #expect(SyntheticPattern.readFrameNumber(from: picture) == jpeg.sequence)
        let plane = try #require(picture.plane(0))
        var sum = 0
        for y in day.sceneTop..<picture.height { for x in 0..<picture.width { sum += Int(plane[y * picture.lineSize(0) + x]) } }
        // The JPEG is full range: brightness 0…1 is luma 0…255 there.
        let decoded = Double(sum) / Double((picture.height - day.sceneTop) * picture.width) / 255
        let raw = (Day.mean(lumas[0]) - 16) / 219
        #expect(abs(decoded - raw) < 0.01, "JPEG brightness \(decoded), raw \(raw)")
    }

    @Test func theCodeRowsDoNotFlicker() throws {
        let day = try Day("start=\(Day.rfc3339(Day.noon))")
        try day.manual(exposure: 5)
        var means: Set<Int> = []
        for _ in 0..<40 {
            let frame = try day.next()
            means.insert(Int((Day.mean(Day.luma(frame, rows: 0..<day.sceneTop)) * 100).rounded()))
        }
        // The numbers change every frame; the mean of their rows stays within a hundredth of a step.
        #expect(means.count <= 2, "code-row means ×100: \(means.sorted())")
    }
}
