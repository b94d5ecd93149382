import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

@Suite struct ExifWriterTests {
    @Test func exiftoolReadsEveryFieldAndTheImageIsUntouched() throws {
        let directory = try TemporaryDirectory()
        let frame = try PatternSource.frame(1, at: 0, format: .mjpg)
        let jpeg = try StillEncoder().encode(frame, format: .jpeg, quality: 90)
        let date = Date(timeIntervalSince1970: 1_714_543_200.25)  // 2024-05-01 06:00:00.250 UTC
        let berlin: TimeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let fields = ExifFields(captureDate: date, timeZone: berlin,
                                make: "uvcvideo", model: "HD Pro Webcam C920", rotation: 90, mirror: false,
                                exposureTime100Microseconds: 333, exposureAutomatic: false, whiteBalanceAutomatic: true,
                                imageDescription: "job garden run 42", software: "camsched 1.2.3")
        let tagged = try ExifWriter.insert(fields, into: jpeg)
        let file = directory.file("still.jpg")
        try tagged.write(to: file)

        let json = try ExternalTool.run("exiftool", ["-j", "-n", "-a", "-G1", file.path])
        let tags = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first)
        #expect(tags["IFD0:Make"] as? String == "uvcvideo")
        #expect(tags["IFD0:Model"] as? String == "HD Pro Webcam C920")
        #expect(tags["IFD0:Orientation"] as? Int == 6)
        #expect(tags["IFD0:ImageDescription"] as? String == "job garden run 42")
        #expect(tags["IFD0:Software"] as? String == "camsched 1.2.3")
        #expect(tags["ExifIFD:DateTimeOriginal"] as? String == "2024:05:01 08:00:00")
        #expect("\(tags["ExifIFD:SubSecTimeOriginal"] ?? "")" == "250")
        #expect(tags["ExifIFD:OffsetTimeOriginal"] as? String == "+02:00")
        #expect((tags["ExifIFD:ExposureTime"] as? Double).map { abs($0 - 0.0333) < 1e-6 } == true)
        #expect(tags["ExifIFD:WhiteBalance"] as? Int == 0)
        #expect(tags["ExifIFD:ExposureMode"] as? Int == 1)
        #expect(ExifReader.orientation(ofJPEG: tagged) == 6)

        // Everything after the EXIF segment is the input minus its SOI (and any APP0 before it).
        let segments = try JPEGSegments(tagged)
        let exif = try #require(segments.segments.first { $0.marker == 0xE1 })
        let inputSegments = try JPEGSegments(jpeg)
        let inputAfter = inputSegments.segments.prefix { $0.marker == 0xE0 }.last?.range.upperBound ?? 2
        #expect(tagged[exif.range.upperBound...] == jpeg[inputAfter...])
        #expect(tagged[..<exif.range.lowerBound] == jpeg[..<inputAfter])

        // Writing again replaces the block instead of adding a second one.
        let again = try ExifWriter.insert(fields, into: tagged)
        #expect(try JPEGSegments(again).segments.filter { $0.marker == 0xE1 }.count == 1)
        #expect(again == tagged)
    }

    @Test func orientationTable() {
        let expected: [(Int, Bool, UInt16)] = [(0, false, 1), (90, false, 6), (180, false, 3), (270, false, 8),
                                               (0, true, 2), (90, true, 5), (180, true, 4), (270, true, 7)]
        for (rotation, mirror, orientation) in expected {
            #expect(ExifFields.orientation(rotation: rotation, mirror: mirror) == orientation)
            #expect(ExifFields.rotationAndMirror(orientation: orientation) == (rotation, mirror))
        }
    }

    @Test func fieldsFromFrameControls() throws {
        let frame = try PatternSource.frame(1, at: 0)
            .with(metadata: FrameMetadata(controls: ["exposure_time_absolute": 156, "auto_exposure": 1, "white_balance_automatic": 0]))
        let fields = ExifFields(frame: frame, timeZone: .gmt, driver: "vivid", card: "vivid", job: "garden", run: "7", version: "0.1")
        #expect(fields.exposureTime100Microseconds == 156)
        #expect(fields.exposureAutomatic == false)
        #expect(fields.whiteBalanceAutomatic == false)
        #expect(fields.imageDescription == "job garden run 7")
        #expect(fields.software == "camsched 0.1")
    }

    @Test func rejectsNonJPEG() {
        #expect(throws: MediaError.self) { try ExifWriter.insert(ExifFields(captureDate: Date()), into: Data([1, 2, 3, 4])) }
    }
}
