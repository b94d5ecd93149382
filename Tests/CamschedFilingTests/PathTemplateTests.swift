import Foundation
import Testing
@testable import CamschedFiling

@Suite struct PathTemplateTests {
    // 2026-11-22T10:04:05.123Z
    let date = Date(timeIntervalSince1970: 1_795_341_845.123)
    let values = PathTemplate.Values(job: "garden", run: "r42", seq: 7, kind: "still", device: "HD Pro Webcam C920")

    @Test func rendersTheSpecExampleInUTC() throws {
        let template = try PathTemplate("{job}/%Y-%m-%d/{job}-%Y%m%d-%H%M%S-{seq}")
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(template.render(values, date: date, timeZone: utc) == "garden/2026-11-22/garden-20261122-100405-000007")
    }

    @Test func rendersFieldsInANonUTCZone() throws {
        let template = try PathTemplate("%Y/%j/%H%M%S-{seq:4}")
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        // 10:04:05 UTC is 19:04:05 in Tokyo, the same day (day 326 of 2026).
        #expect(template.render(values, date: date, timeZone: tokyo) == "2026/326/190405-0007")
        let honolulu = try #require(TimeZone(identifier: "Pacific/Honolulu"))
        let earlyUTC = Date(timeIntervalSince1970: 1_795_312_800) // 2026-11-22T02:00:00Z
        #expect(template.render(values, date: earlyUTC, timeZone: honolulu) == "2026/325/160000-0007")
    }

    @Test func rendersEveryTokenAndSanitisesDevice() throws {
        let template = try PathTemplate("{job}_{run}_{kind}_{device}_{seq}_{seq:2}_100%%")
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(template.render(values, date: date, timeZone: utc) == "garden_r42_still_HD_Pro_Webcam_C920_000007_07_100%")
        var odd = values
        odd.device = "Cam/é:1"
        odd.seq = 1234567
        #expect(template.render(odd, date: date, timeZone: utc) == "garden_r42_still_Cam___1_1234567_1234567_100%")
        #expect(PathTemplate.sanitised("..") == "_")
    }

    @Test(arguments: [
        ("/abs/{job}", PathTemplateError.absolute(template: "/abs/{job}")),
        ("a/../b", .parentComponent(template: "a/../b")),
        ("{job}/{nope}", .unknownToken("nope", template: "{job}/{nope}")),
        ("{job", .unterminatedToken(template: "{job")),
        ("%Y-%q", .unknownField("%q", template: "%Y-%q")),
        ("x%", .unknownField("%", template: "x%")),
        ("{seq:0}", .invalidSequenceWidth("0", template: "{seq:0}")),
        ("{seq:x}", .invalidSequenceWidth("x", template: "{seq:x}")),
        ("", .empty),
    ])
    func rejectsBadTemplates(template: String, expected: PathTemplateError) {
        #expect(throws: expected) { try PathTemplate(template) }
        #expect(!expected.description.isEmpty)
    }
}
