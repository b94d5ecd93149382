import Foundation
import Testing
@testable import CamschedFiling

/// The sidecar's bytes are pinned: a sidecar written by an earlier camsched (the literals below,
/// every member set, and a recovered file's with the unknowns `null`) reads back and is written
/// again byte for byte, and the same values give the same bytes.
@Suite struct SidecarWrittenBytesTests {
    static let start = Date(timeIntervalSince1970: 1_795_341_600.123) // 2026-11-22T10:00:00.123Z

    /// Every member a sidecar can have, including the `null`s of a trigger event without score
    /// and of an interruption that did not resume within the file.
    static var everything: Sidecar {
        var sidecar = SidecarFixtures.segment(file: "hall/clip.mp4", startedAt: start)
        sidecar.pressure.append(.init(at: start.addingTimeInterval(20), level: "critical", fps: 5, method: "dropping frames"))
        sidecar.interruptions.append(.init(at: start.addingTimeInterval(50), reason: "timeout", resumedAt: nil))
        sidecar.controls = ["brightness": .integer(128), "gain": .number(1.5), "auto": .flag(true), "power_line_frequency": .text("50 Hz")]
        sidecar.encoder?.reason = "auto: copied"
        sidecar.seq = 7
        sidecar.scheduledAt = start.addingTimeInterval(-0.012)
        (sidecar.exposure, sidecar.focus, sidecar.whiteBalance) = (.integer(156), .text("auto"), .number(4600.5))
        sidecar.light = .init(brightness: 0.43, exposureTime: 0.0125, gain: 2, sunElevation: -3.2)
        (sidecar.recovered, sidecar.truncated, sidecar.rehearsal) = (true, "disk full", true)
        sidecar.event = .init(at: start.addingTimeInterval(-1.5), kind: "external")
        return sidecar
    }

    static let everythingJSON = """
        {
          "bytes" : 1048576,
          "camschedVersion" : "0.1.0",
          "controls" : {
            "auto" : true,
            "brightness" : 128,
            "gain" : 1.5,
            "power_line_frequency" : "50 Hz"
          },
          "device" : {
            "bus" : "virtual",
            "card" : "camsched synthetic",
            "driver" : "camsched",
            "path" : "test:"
          },
          "droppedFrames" : 2,
          "encoder" : {
            "codec" : "h264",
            "name" : "libx264",
            "preset" : "veryfast",
            "quality" : 23,
            "reason" : "auto: copied"
          },
          "endedAt" : "2026-11-22T10:01:00.123Z",
          "event" : {
            "at" : "2026-11-22T09:59:58.623Z",
            "box" : null,
            "kind" : "external",
            "score" : null
          },
          "exposure" : 156,
          "file" : "hall/clip.mp4",
          "firstPts" : 5400000,
          "focus" : "auto",
          "format" : {
            "height" : 720,
            "pixelFormat" : "YUYV",
            "width" : 1280
          },
          "fps" : {
            "actual" : 29.97,
            "requested" : 30
          },
          "frames" : 1798,
          "host" : "nas",
          "interruptions" : [
            {
              "at" : "2026-11-22T10:00:30.123Z",
              "reason" : "disconnected",
              "resumedAt" : "2026-11-22T10:00:31.373Z"
            },
            {
              "at" : "2026-11-22T10:00:50.123Z",
              "reason" : "timeout",
              "resumedAt" : null
            }
          ],
          "job" : "hall",
          "kind" : "segment",
          "lastPts" : 10794000,
          "light" : {
            "brightness" : 0.43,
            "exposureTime" : 0.0125,
            "gain" : 2,
            "sunElevation" : -3.2
          },
          "pressure" : [
            {
              "at" : "2026-11-22T10:00:12.623Z",
              "fps" : 20,
              "level" : "serious"
            },
            {
              "at" : "2026-11-22T10:00:20.123Z",
              "fps" : 5,
              "level" : "critical",
              "method" : "dropping frames"
            }
          ],
          "ptsTimeBase" : "1/90000",
          "recovered" : true,
          "rehearsal" : true,
          "run" : "20261122T100000Z-hall",
          "scheduledAt" : "2026-11-22T10:00:00.111Z",
          "schema" : 1,
          "segment" : 1,
          "seq" : 7,
          "sequence" : {
            "first" : 1800,
            "last" : 3599
          },
          "sha256" : "abababababababababababababababababababababababababababababababab",
          "startedAt" : "2026-11-22T10:00:00.123Z",
          "truncated" : "disk full",
          "whiteBalance" : 4600.5
        }
        """

    static let recoveredJSON = """
        {
          "bytes" : 1,
          "camschedVersion" : "0.1.0",
          "controls" : {

          },
          "device" : null,
          "droppedFrames" : null,
          "encoder" : null,
          "endedAt" : "2026-11-22T10:00:01.123Z",
          "event" : {
            "at" : "2026-11-22T10:00:00.123Z",
            "box" : [
              0,
              0.5,
              0.25,
              0.25
            ],
            "kind" : "motion",
            "score" : 0.25
          },
          "file" : "hall/x.mp4",
          "format" : null,
          "fps" : null,
          "frames" : null,
          "host" : "nas",
          "interruptions" : [

          ],
          "job" : "hall",
          "kind" : "segment",
          "pressure" : [

          ],
          "recovered" : true,
          "run" : "unknown",
          "schema" : 1,
          "sequence" : null,
          "sha256" : "00",
          "startedAt" : "2026-11-22T10:00:00.123Z"
        }
        """

    static let everythingLine = #"{"bytes":1048576,"camschedVersion":"0.1.0","controls":{"auto":true,"brightness":128,"gain":1.5,"power_line_frequency":"50 Hz"},"device":{"bus":"virtual","card":"camsched synthetic","driver":"camsched","path":"test:"},"droppedFrames":2,"encoder":{"codec":"h264","name":"libx264","preset":"veryfast","quality":23,"reason":"auto: copied"},"endedAt":"2026-11-22T10:01:00.123Z","event":{"at":"2026-11-22T09:59:58.623Z","box":null,"kind":"external","score":null},"exposure":156,"file":"hall/clip.mp4","firstPts":5400000,"focus":"auto","format":{"height":720,"pixelFormat":"YUYV","width":1280},"fps":{"actual":29.97,"requested":30},"frames":1798,"host":"nas","interruptions":[{"at":"2026-11-22T10:00:30.123Z","reason":"disconnected","resumedAt":"2026-11-22T10:00:31.373Z"},{"at":"2026-11-22T10:00:50.123Z","reason":"timeout","resumedAt":null}],"job":"hall","kind":"segment","lastPts":10794000,"light":{"brightness":0.43,"exposureTime":0.0125,"gain":2,"sunElevation":-3.2},"pressure":[{"at":"2026-11-22T10:00:12.623Z","fps":20,"level":"serious"},{"at":"2026-11-22T10:00:20.123Z","fps":5,"level":"critical","method":"dropping frames"}],"ptsTimeBase":"1/90000","recovered":true,"rehearsal":true,"run":"20261122T100000Z-hall","scheduledAt":"2026-11-22T10:00:00.111Z","schema":1,"segment":1,"seq":7,"sequence":{"first":1800,"last":3599},"sha256":"abababababababababababababababababababababababababababababababab","startedAt":"2026-11-22T10:00:00.123Z","truncated":"disk full","whiteBalance":4600.5}"#

    static let recoveredLine = #"{"bytes":1,"camschedVersion":"0.1.0","controls":{},"device":null,"droppedFrames":null,"encoder":null,"endedAt":"2026-11-22T10:00:01.123Z","event":{"at":"2026-11-22T10:00:00.123Z","box":[0,0.5,0.25,0.25],"kind":"motion","score":0.25},"file":"hall/x.mp4","format":null,"fps":null,"frames":null,"host":"nas","interruptions":[],"job":"hall","kind":"segment","pressure":[],"recovered":true,"run":"unknown","schema":1,"sequence":null,"sha256":"00","startedAt":"2026-11-22T10:00:00.123Z"}"#

    static var recovered: Sidecar {
        var sidecar = Sidecar(job: "hall", run: "unknown", kind: .segment, file: "hall/x.mp4", bytes: 1, sha256: "00",
                              startedAt: start, endedAt: start.addingTimeInterval(1), host: "nas", camschedVersion: "0.1.0")
        sidecar.recovered = true
        sidecar.light = .init()
        sidecar.event = .init(at: start, kind: "motion", score: 0.25, box: [0, 0.5, 0.25, 0.25])
        return sidecar
    }

    @Test(arguments: [(everything, everythingJSON, everythingLine), (recovered, recoveredJSON, recoveredLine)])
    func oldSidecarsReadBackAndAreWrittenByteForByte(_ sidecar: Sidecar, _ written: String, _ line: String) throws {
        #expect(String(decoding: try sidecar.jsonData(), as: UTF8.self) == written + "\n")
        #expect(try sidecar.compactJSON() == line)
        let read = try Sidecar.decode(from: Data(written.utf8))
        #expect(String(decoding: try read.jsonData(), as: UTF8.self) == written + "\n")
        #expect(try read.compactJSON() == line)
        #expect(try Sidecar.decode(from: Data(line.utf8)) == read)
    }

    /// A hand-made sidecar with only the members every file must have, its times in another
    /// offset and without milliseconds: read, with the rest empty, and written in UTC.
    @Test func aMinimalSidecarInAnyOffsetIsRead() throws {
        let text = #"{"schema": 1, "job": "j", "run": "r", "kind": "still", "file": "j/a.jpg", "bytes": 3, "sha256": "00", "#
            + #""startedAt": "2026-11-22T11:00:00+01:00", "endedAt": "2026-11-22T10:00:01.5Z", "scheduledAt": "2026-11-22T09:59:59Z"}"#
        let sidecar = try Sidecar.decode(from: Data(text.utf8))
        #expect(sidecar.startedAt == Date(timeIntervalSince1970: 1_795_341_600))
        #expect(sidecar.scheduledAt == Date(timeIntervalSince1970: 1_795_341_599))
        #expect(sidecar.host.isEmpty && sidecar.camschedVersion.isEmpty && sidecar.controls.isEmpty)
        #expect(sidecar.pressure.isEmpty && sidecar.interruptions.isEmpty && sidecar.device == nil)
        let line = try sidecar.compactJSON()
        #expect(line.contains(#""endedAt":"2026-11-22T10:00:01.500Z""#) && line.contains(#""startedAt":"2026-11-22T10:00:00.000Z""#), "\(line)")
        #expect(throws: SidecarError.self) { try Sidecar.decode(from: Data(text.replacingOccurrences(of: "+01:00", with: " tomorrow").utf8)) }
    }
}
