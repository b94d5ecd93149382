import CamschedCore
import Foundation
import Testing
@testable import CamschedFiling

@Suite struct SidecarTests {
    let start = Date(timeIntervalSince1970: 1_795_341_600.123) // 2026-11-22T10:00:00.123Z

    @Test func timestampsAreRFC3339UTCWithMilliseconds() throws {
        #expect(RFC3339Timestamp.string(from: start) == "2026-11-22T10:00:00.123Z")
        let parsed = try #require(RFC3339Timestamp.date(from: "2026-11-22T11:00:00.123+01:00"))
        #expect(abs(parsed.timeIntervalSince(start)) < 0.0005)
        #expect(RFC3339Timestamp.date(from: "2026-11-22T10:00:00Z") != nil)
        #expect(RFC3339Timestamp.date(from: "yesterday") == nil)
    }

    @Test func stillHasEveryFieldAndRoundTrips() throws {
        let sidecar = SidecarFixtures.still(file: "garden/2026-11-22/a.jpg", startedAt: start)
        let data = try sidecar.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let expectedKeys: Set<String> = [
            "schema", "job", "run", "kind", "file", "bytes", "sha256", "startedAt", "endedAt", "device", "format",
            "fps", "frames", "droppedFrames", "sequence", "controls", "encoder", "pressure", "interruptions", "host",
            "camschedVersion", "seq", "scheduledAt", "exposure", "focus", "whiteBalance",
        ]
        #expect(Set(object.keys) == expectedKeys)
        #expect(object["startedAt"] as? String == "2026-11-22T10:00:00.123Z")
        #expect(object["scheduledAt"] as? String == "2026-11-22T10:00:00.111Z")
        #expect(object["schema"] as? Int == 1)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\n  \"bytes\" : 3,\n  \"camschedVersion\""), "pretty-printed with sorted keys")
        #expect(text.contains("\"power_line_frequency\" : \"50 Hz\""))
        let decoded = try Sidecar.decode(from: data)
        #expect(decoded.controls == sidecar.controls)
        #expect(decoded.exposure == .integer(156))
        #expect(decoded.focus == .text("auto"))
        #expect(RFC3339Timestamp.string(from: decoded.startedAt) == "2026-11-22T10:00:00.123Z")
    }

    @Test func segmentHasSegmentFieldsAndUnknownsAreNull() throws {
        let segment = SidecarFixtures.segment(file: "hall/clip.mp4", startedAt: start)
        let object = try #require(try JSONSerialization.jsonObject(with: segment.jsonData()) as? [String: Any])
        #expect(object["segment"] as? Int == 1)
        #expect(object["firstPts"] as? Int == 5_400_000)
        #expect(object["seq"] == nil)
        let pressure = try #require(object["pressure"] as? [[String: Any]])
        #expect(pressure.first?["at"] as? String == "2026-11-22T10:00:12.623Z")
        let interruption = try #require((object["interruptions"] as? [[String: Any]])?.first)
        #expect(interruption["resumedAt"] as? String == "2026-11-22T10:00:31.373Z")

        var recovered = Sidecar(
            job: "hall", run: "unknown", kind: .segment, file: "hall/x.mp4", bytes: 1, sha256: "00",
            startedAt: start, endedAt: start, host: "nas", camschedVersion: "0.1.0")
        recovered.recovered = true
        let recoveredObject = try #require(try JSONSerialization.jsonObject(with: recovered.jsonData()) as? [String: Any])
        #expect(recoveredObject["device"] is NSNull)
        #expect(recoveredObject["frames"] is NSNull)
        #expect(recoveredObject["recovered"] as? Bool == true)
        #expect(try Sidecar.decode(from: recovered.jsonData()) == recovered)
    }

    /// The nested objects are written with one key type (`DocumentKey`) instead of the
    /// synthesized keys: the same JSON as before, field for field, unknown optionals left out.
    @Test func nestedObjectsAreWrittenAsBeforeAndReadBack() throws {
        var sidecar = SidecarFixtures.segment(file: "hall/clip.mp4", startedAt: start)
        sidecar.light = .init(brightness: 0.5, gain: 2)
        sidecar.sensor = SensorReadings(exposureTime: 0.0125, analogueGain: 2, colourGains: [1.75, 1.5])
        let text = try sidecar.compactJSON()
        let expected = [
            #""device":{"bus":"virtual","card":"camsched synthetic","driver":"camsched","path":"test:"}"#,
            #""format":{"height":720,"pixelFormat":"YUYV","width":1280}"#,
            #""fps":{"actual":29.97,"requested":30}"#,
            #""sequence":{"first":1800,"last":3599}"#,
            #""encoder":{"codec":"h264","name":"libx264","preset":"veryfast","quality":23}"#,
            #""light":{"brightness":0.5,"gain":2}"#,
            #""sensor":{"analogueGain":2,"colourGains":[1.75,1.5],"exposureTime":0.0125}"#,
        ]
        for fragment in expected { #expect(text.contains(fragment), "\(fragment) in \(text)") }
        #expect(try Sidecar.decode(from: Data(text.utf8)) == sidecar)
        #expect(try Sidecar.decode(from: sidecar.jsonData()) == sidecar)
    }

    @Test func writesAtomicallyNextToTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let location = try FileFiler(root: folder.url).file(relativePath: "garden/a", extension: "jpg") { try $0.write([1, 2, 3]) }
        var sidecar = SidecarFixtures.still(file: location.relativePath, bytes: location.bytes, sha256: location.sha256, startedAt: start)
        try sidecar.write(to: location.sidecarURL)
        sidecar.frames = 2
        try sidecar.write(to: location.sidecarURL)
        #expect(folder.allFiles() == ["garden/a.jpg", "garden/a.jpg.json"])
        #expect(try Sidecar.read(from: location.sidecarURL).frames == 2)
    }
}
