import Foundation
import Testing
@testable import CamschedJobs

/// Long input is read in linear time.
@Suite("Long input")
struct LongInputTests {
    /// A megabyte string is read in linear time: before, building the literal of a path
    /// template copied it once per character (quadratic: minutes for 640 KB).
    @Test(.timeLimit(.minutes(1)))
    func megabyteStringsValidateQuickly() throws {
        let long = String(repeating: "a", count: 1_000_000)
        let clock = ContinuousClock()
        let start = clock.now
        let description = #"{"name": "x", "description": "\#(long)", "capture": {"burst": {"count": 1}}}"#
        let job = try JobLoader.load(data: Data(description.utf8), sourceURL: nil)
        #expect(job.description?.utf8.count == 1_000_000)
        let path = #"{"name": "x", "capture": {"burst": {"count": 1}}, "output": {"path": "\#(long)"}}"#
        #expect(throws: JobFileError.self) { try JobLoader.load(data: Data(path.utf8), sourceURL: nil) }
        // Unknown names get no "did you mean" past 64 bytes: the edit distance is quadratic.
        let name = String(repeating: "b", count: 100_000)
        let key = #"{"name": "x", "capture": {"burst": {"count": 1}}, "\#(name)": 1, "schedule": {"cron": "@daily", "timezone": "\#(name)"}}"#
        #expect(throws: JobFileError.self) { try JobLoader.load(data: Data(key.utf8), sourceURL: nil) }
        // A generous bound: a debug build does this in well under a second; quadratic took minutes.
        #expect(clock.now - start < .seconds(10))
    }

    /// The literal text of a long template is built once, not copied per character.
    @Test func pathTemplateMergesLiteralTextLinearly() throws {
        let template = try PathTemplate(parsing: String(repeating: "ab/", count: 1_300) + "{seq}")
        #expect(template.components.count == 2)
        #expect(template.components.first == .literal(String(repeating: "ab/", count: 1_300)))
    }
}

@Suite struct OutputRootLengthTests {
    @Test func aRootTooLongForItsCatalogIsRefusedAtOutputRoot() {
        let long = "/tmp/" + String(repeating: "r", count: 200) + "/" + String(repeating: "s", count: 290)
        let json = #"{"name": "n", "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "\#(long)"}}"#
        do {
            _ = try JobLoader.load(data: Data(json.utf8), sourceURL: URL(fileURLWithPath: "/jobs/n.json"))
            Issue.record("a \(long.utf8.count)-byte root was accepted")
        } catch {
            #expect("\(error)".contains("output.root") && "\(error)".contains("at most 460 bytes"), "\(error)")
        }
    }

    @Test func aRootOf460BytesIsAccepted() throws {
        let root = "/tmp/" + String(repeating: "r", count: 200) + "/" + String(repeating: "s", count: 254)
        #expect(root.utf8.count == 460)
        let json = #"{"name": "n", "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "\#(root)"}}"#
        _ = try JobLoader.load(data: Data(json.utf8), sourceURL: URL(fileURLWithPath: "/jobs/n.json"))
    }
}
