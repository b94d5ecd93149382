import Foundation
import Testing
@testable import CamschedJobs

@Suite("Output path templates")
struct PathTemplateTests {
    @Test func defaultTemplateRenders() throws {
        let template = try PathTemplate(parsing: OutputSpec.defaultPath)
        let path = template.render(job: "garden", run: "r1", seq: 42, kind: "still", device: "HD Pro Webcam C920",
                                   date: TestDates.date("2026-03-29T01:30:05Z"), timeZone: TestDates.zone("Europe/Berlin"))
        #expect(path == "garden/2026-03-29/garden-20260329-033005-000042")
    }

    @Test func everyTokenAndField() throws {
        let template = try PathTemplate(parsing: "{job}/{run}/{kind}-{device}-{seq:3}-%j-%%-%H%M%S")
        #expect(template.components.first == .job)
        let path = template.render(job: "j", run: "20260101-000000-ab12", seq: 7, kind: "segment", device: "HD Pro/C920",
                                   date: TestDates.date("2026-02-01T23:04:05Z"), timeZone: TestDates.zone("UTC"))
        #expect(path == "j/20260101-000000-ab12/segment-HD_Pro_C920-007-032-%-230405")
    }

    @Test func sanitising() {
        #expect(PathTemplate.sanitised("../etc") == "_._etc")
        #expect(PathTemplate.sanitised("") == "_")
        #expect(PathTemplate.sanitised("ok-1.2_3") == "ok-1.2_3")
    }

    @Test(arguments: [
        ("", ["the path template is empty"]),
        ("/x/{seq}", ["the path must be relative to output.root, not absolute"]),
        ("a/../b", ["the path must not contain a \"..\" component: files stay under output.root"]),
        ("{job}/./a/{seq}", ["the path must not contain a \".\" component; leave it out"]),
        ("./{seq}", ["the path must not contain a \".\" component; leave it out"]),
        ("a\u{0}/{seq}", ["the path must not contain control characters"]),
        (String(repeating: "x", count: 201), ["the component \"xxxxxxxxxxxxxxxxxxxx…\" is 201 bytes long; a folder or file name may have at most 200"]),
        (String(repeating: "a/", count: 2_049), ["the path template is 4098 bytes long; at most 4096 are allowed"]),
        ("a//b", ["the path has an empty component (\"//\" or a trailing \"/\")"]),
        ("a/", ["the path has an empty component (\"//\" or a trailing \"/\")"]),
        ("{jbo}", ["unknown token \"{jbo}\"; did you mean \"{job}\"?"]),
        ("{date}", ["unknown token \"{date}\"; allowed: {job} {run} {seq} {seq:N} {kind} {device}"]),
        ("{seq:x}", ["\"{seq:x}\": the width of {seq:N} must be a number from 1 to 18"]),
        ("{job", ["\"{\" without a closing \"}\""]),
        ("job}", ["\"}\" without an opening \"{\""]),
        ("%Y%", ["\"%\" at the end; write \"%%\" for a percent sign"]),
        ("%F", ["unknown time field \"%F\"; allowed: %Y %m %d %H %M %S %j %%"]),
    ])
    func problems(text: String, problems: [String]) {
        #expect(throws: PathTemplateError(problems: problems)) { try PathTemplate(parsing: text) }
    }

    @Test func dotsInsideNamesAreFine() throws {
        _ = try PathTemplate(parsing: "{job}..{seq}/a.b")
    }
}
