import CamschedTestSupport
import Foundation
import Testing

/// Usage errors come out as camsched's own errors — `camsched: error: …` in one line, a pointer
/// to `camsched help COMMAND`, exit 2 — whether swift-argument-parser or camsched found them.
@Suite struct UsageErrorTests {
    /// The one line of stderr, without the RFC 3339 time a non-terminal stderr gets.
    static func message(_ result: ProcessResult) -> String {
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line, no usage dump: \(result.stderr)")
        let line = String(lines.first ?? "")
        guard let space = line.firstIndex(of: " "), line.first?.isNumber == true else { return line }
        return String(line[line.index(after: space)...])
    }

    @Test(arguments: [
        (["run"], "help run", "argument"),
        (["run", "job.json", "--bogus"], "help run", "--bogus"),
        (["run", "job.json", "--lock", "sometimes"], "help run", "sometimes"),
        (["plan", "job.json", "--count", "abc"], "help plan", "--count"),
        (["plan", "job.json", "--count", "0"], "help plan", "--count"),
        (["catalog", "list", "--nope"], "help catalog list", "--nope"),
        (["validate"], "help validate", "argument"),
    ])
    func parserErrorsUseCamschedsFormat(arguments: [String], help: String, names: String) throws {
        let result = try CamschedBinary.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.status)")
        #expect(result.stdout.isEmpty)
        let text = Self.message(result)
        #expect(text.hasPrefix("camsched: error: "), "\(text)")
        #expect(text.hasSuffix("(see `camsched \(help)`)"), "\(text)")
        #expect(text.contains(names), "\(text)")
        #expect(!result.stderr.contains("Usage:") && !result.stderr.contains("USAGE") && !result.stderr.contains("Error:"))
    }

    @Test func helpForAMisspeltCommandSaysSoAndSuggests() throws {
        let result = try CamschedBinary.run(["help", "snapsot"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "no help printed: \(result.stdout.prefix(200))")
        let text = Self.message(result)
        #expect(text.hasPrefix("camsched: error: \"snapsot\" is not a camsched command"), "\(text)")
        #expect(text.contains("did you mean \"snapshot\"?"), "\(text)")
        let nested = try CamschedBinary.run(["help", "catalog", "lst"])
        #expect(nested.status == 2)
        #expect(Self.message(nested).contains("did you mean \"list\"?"))
        let unknown = try CamschedBinary.run(["help", "zzzzzz"])
        #expect(unknown.status == 2)
        #expect(Self.message(unknown).contains("the commands are run, daemon"), "\(unknown.stderr)")
        // Real commands still get their help.
        for good in [["help"], ["help", "snapshot"], ["help", "catalog", "list"]] {
            let help = try CamschedBinary.run(good)
            #expect(help.status == 0, "\(good)")
            #expect(help.stdout.contains("USAGE"), "\(good)")
        }
    }
}
