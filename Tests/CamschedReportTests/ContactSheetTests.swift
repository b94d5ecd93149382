import CamschedMedia
@testable import CamschedReport
import Testing

@Suite struct ContactSheetTests {
    @Test func videosAreSampledEveryPeriodUpToHalfAPeriodBeforeTheirEnd() throws {
        #expect(ContactSheetPlan.offsets(duration: 2, period: 1) == [0, 1])
        #expect(ContactSheetPlan.offsets(duration: 2.04, period: 1) == [0, 1])
        #expect(ContactSheetPlan.offsets(duration: 1.97, period: 1) == [0, 1])
        #expect(ContactSheetPlan.offsets(duration: 2.5, period: 1) == [0, 1, 2])
        #expect(ContactSheetPlan.offsets(duration: 0.4, period: 1) == [0])
        #expect(ContactSheetPlan.offsets(duration: 0, period: 1) == [0])
        // 20 minutes: 80 frames at 15 s; 10 s would be 120, over the cap of 100.
        #expect(ContactSheetPlan.samplingPeriod(durations: [600, 600], maxTiles: 100) == 15)
        #expect(ContactSheetPlan.samplingPeriod(durations: [2, 2], maxTiles: 100) == 1)
        // A sidecar claiming a file of ten thousand years: counted, never listed frame by frame.
        #expect(ContactSheetPlan.offsetCount(duration: 3e11, period: 86400) == 3_472_222)
        #expect(ContactSheetPlan.offsets(duration: 3e11, period: 86400).count == 100)
        let last: Double = try #require(ContactSheetPlan.offsets(duration: 3e11, period: 86400).last)
        #expect(last == 299_999_894_400.0, "the last frame, 3 472 221 days in")
        #expect(ContactSheetPlan.samplingPeriod(durations: [3e11], maxTiles: 100) == 86400)
    }

    @Test func evenSamplingKeepsTheFirstAndTheLast() {
        #expect(ContactSheetPlan.evenly(Array(0..<10), count: 4) == [0, 3, 6, 9])
        #expect(ContactSheetPlan.evenly(Array(0..<1000), count: 100).count == 100)
        #expect(Set(ContactSheetPlan.evenly(Array(0..<101), count: 100)).count == 100)
        #expect(ContactSheetPlan.evenly(Array(0..<3), count: 100) == [0, 1, 2])
        #expect(ContactSheetPlan.evenly(Array(0..<3), count: 1) == [0])
    }

    @Test func theSheetIsAGridOfTilesWithGaps() {
        let layout = ContactSheetLayout(count: 6, pictureWidth: 320, pictureHeight: 180)
        #expect(layout.tileWidth == 320 && layout.tileHeight == 180)
        #expect(layout.columns == 5 && layout.rows == 2)
        #expect(layout.width == 5 * 320 + 6 * 8 && layout.height == 2 * 180 + 3 * 8)
        #expect(layout.origin(of: 5) == (8, 196))
        let big = ContactSheetLayout(count: 100, pictureWidth: 1920, pictureHeight: 1080)
        #expect(big.tileWidth == 320 && big.tileHeight == 180)
        #expect(big.width == 1648 && big.height == 20 * 180 + 21 * 8)
        let portrait = ContactSheetLayout(count: 2, pictureWidth: 480, pictureHeight: 640)
        #expect(portrait.tileWidth == 240 && portrait.tileHeight == 320 && portrait.width == 2 * 240 + 24)
    }

    @Test func composingCentresEachPictureInItsBox() {
        let layout = ContactSheetLayout(count: 2, pictureWidth: 8, pictureHeight: 4)
        let red = RGBPicture(width: 4, height: 4, red: 255)
        let sheet = layout.compose([red, nil])
        #expect(sheet.width == 2 * 8 + 24 && sheet.height == 4 + 16)
        #expect(sheet.pixel(x: 0, y: 0) == (32, 32, 32))
        #expect(sheet.pixel(x: 8, y: 8) == (32, 32, 32), "left of the centred 4-wide picture")
        #expect(sheet.pixel(x: 10, y: 8) == (255, 0, 0))
        #expect(sheet.pixel(x: 13, y: 11) == (255, 0, 0))
        #expect(sheet.pixel(x: 14, y: 8) == (32, 32, 32))
        #expect(sheet.pixel(x: 24, y: 8) == (96, 96, 96), "a tile without a picture is a grey box")
        let reds = sheet.pixels.indices.filter { $0 % 3 == 0 && sheet.pixels[$0] == 255 }.count
        #expect(reds == 16)
    }

    @Test func exifOrientationTurnsThePictureAsAViewerWould() {
        // Stored: red, blue on one row.
        let stored = RGBPicture(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])
        let clockwise = stored.oriented(exif: 6)
        #expect(clockwise.width == 1 && clockwise.height == 2)
        #expect(clockwise.pixel(x: 0, y: 0) == (255, 0, 0) && clockwise.pixel(x: 0, y: 1) == (0, 0, 255))
        let anticlockwise = stored.oriented(exif: 8)
        #expect(anticlockwise.pixel(x: 0, y: 0) == (0, 0, 255))
        #expect(stored.oriented(exif: 2).pixel(x: 0, y: 0) == (0, 0, 255))
        #expect(stored.oriented(exif: 3) == stored.oriented(exif: 2))
        #expect(stored.oriented(exif: 1) == stored && stored.oriented(exif: 99) == stored)
    }

    @Test func fittingScalesDownNeverUpAndKeepsSidesEven() {
        #expect(RGBPicture.fittedSize(width: 1920, height: 1080, maxWidth: 320, maxHeight: 320) == (320, 180))
        #expect(RGBPicture.fittedSize(width: 160, height: 90, maxWidth: 320, maxHeight: 320) == (160, 90))
        #expect(RGBPicture.fittedSize(width: 641, height: 481, maxWidth: 320, maxHeight: 320) == (320, 240))
        #expect(RGBPicture.fittedSize(width: 0, height: 5, maxWidth: 320, maxHeight: 320) == (2, 2))
    }
}
