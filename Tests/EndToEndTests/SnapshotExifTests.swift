import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// A snapshot reads only the controls its EXIF block needs and takes its time zone from glibc
/// (issue 15): its EXIF fields must be exactly those of a still a job files from the same camera,
/// which still lists every control and uses Foundation's time zone.
@Suite struct SnapshotExifTests {
    /// The test camera emulates exposure and white-balance controls (vivid has none).
    static let device = "test:?size=640x360&fps=30"
    /// A zone with a half-hour offset and no daylight saving time: `+05:30` all year.
    static let zone = ["TZ": "Asia/Kolkata"]

    @Test func snapshotHasTheEXIFFieldsOfAJobsStill() throws {
        let dir = try TemporaryDirectory()
        let out = dir.file("snap.jpg")
        let snap = try CamschedBinary.run(["snapshot", "--device", Self.device, "--size", "640x360", "--warmup", "0", "-o", out.path],
                                          environment: Self.zone)
        #expect(snap.status == 0, "\(snap.stderr)")
        let probe = try MediaProbe.probe(out)
        #expect(probe.codec == "mjpeg" && probe.width == 640 && probe.height == 360)
        let job = try dir.write("one.json", """
        {"name": "one", "camera": {"device": "\(Self.device)", "size": "640x360", "warmup": "0s",
          "exposure": "continuous", "whiteBalance": "continuous", "focus": "continuous"},
         "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out", "path": "{seq}"}}
        """)
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"], environment: Self.zone)
        #expect(run.status == 0, "\(run.stderr)")
        let snapshot = ExifReader.tags(ofJPEG: try Data(contentsOf: out))
        let still = ExifReader.tags(ofJPEG: try Data(contentsOf: dir.file(try #require(dir.files().first { $0.hasPrefix("out/") && $0.hasSuffix(".jpg") }))))
        // The test camera's emulated auto exposure hunts frame by frame (its frames carry their
        // own control values): the exposure time is there in both, its value is the frame's.
        Self.expectSameFields(snapshot: snapshot, jobStill: still, varying: ["EXIF:0x829a"])
        // The emulated controls are there, read by id as the full listing reads them.
        for tag in ["EXIF:0x829a", "EXIF:0xa402", "EXIF:0xa403"] { #expect(snapshot[tag] != nil, "\(tag) missing: \(snapshot)") }
        #expect(snapshot["EXIF:0x9011"] == "+05:30", "OffsetTimeOriginal in TZ=Asia/Kolkata: \(snapshot)")
    }

    /// Every field but ImageDescription (job and run, which a snapshot has not) and the times
    /// (two captures), and the `varying` ones, is the same; those are there in both.
    static func expectSameFields(snapshot: [String: String], jobStill: [String: String], varying: Set<String> = [],
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let times = Set(["0:0x0132", "EXIF:0x9003", "EXIF:0x9291"]).union(varying)
        var expected = jobStill
        expected["0:0x010e"] = nil
        #expect(Set(snapshot.keys) == Set(expected.keys), "snapshot \(snapshot.keys.sorted()) vs job still \(expected.keys.sorted())",
                sourceLocation: sourceLocation)
        for (tag, value) in expected where !times.contains(tag) {
            #expect(snapshot[tag] == value, "\(tag): snapshot \(snapshot[tag] ?? "none"), job still \(value)", sourceLocation: sourceLocation)
        }
        for tag in times { #expect(snapshot[tag] != nil && expected[tag] != nil, "\(tag)", sourceLocation: sourceLocation) }
    }

    @Test func defaultNameIsTheLocalTimeOfTheShot() throws {
        let dir = try TemporaryDirectory()
        // Asia/Kolkata is UTC+05:30: the name's fields are UTC shifted by 19,800 s.
        let before = time(nil) + 19_800
        let result = try CamschedBinary.run(["snapshot", "--device", Self.device, "--warmup", "0"], environment: Self.zone,
                                            currentDirectory: dir.url)
        let after = time(nil) + 19_800
        #expect(result.status == 0, "\(result.stderr)")
        let files = dir.files()
        let name = try #require(files.first, "no file in \(dir.url.path)")
        #expect(files.count == 1 && name.hasSuffix(".jpg"), "\(files)")
        let named = try #require(Self.seconds(of: name), "\(name) is not snapshot-YYYYMMDD-HHMMSS.jpg")
        #expect((before...after).contains(named), "\(name): \(named) not within \(before)...\(after)")
    }

    /// The UTC-shifted seconds a `snapshot-YYYYMMDD-HHMMSS.jpg` name stands for.
    static func seconds(of name: String) -> time_t? {
        let digits = name.dropFirst("snapshot-".count).prefix(15).replacingOccurrences(of: "-", with: "")
        guard digits.count == 14, let value = Int(digits) else { return nil }
        var parts = tm()
        parts.tm_year = Int32(value / 10_000_000_000) - 1900
        parts.tm_mon = Int32(value / 100_000_000 % 100) - 1
        parts.tm_mday = Int32(value / 1_000_000 % 100)
        parts.tm_hour = Int32(value / 10_000 % 100)
        parts.tm_min = Int32(value / 100 % 100)
        parts.tm_sec = Int32(value % 100)
        return timegm(&parts)
    }
}
