import CamschedCore
import Foundation

/// Mutates job files for fuzzing: a random value anywhere in the tree is replaced by an extreme
/// number, an odd or long string, a value of the wrong type, a deeply nested one or a string with
/// broken UTF-8; or a member is dropped or an unknown one added. Seeded, so runs repeat.
package struct JobMutator {
    package private(set) var random: SplitMix64

    package init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Numbers at and beyond every limit: `Double`'s, `Int64`'s, `UInt64`'s, zero's sign.
    package static let extremeNumbers = [
        "0", "-0", "-0.0", "1", "-1", "0.5", "1e308", "-1e308", "1.7976931348623157e308", "4.9e-324", "1e-300",
        "1e400", "-1e400", "18446744073709551616", "18446744073709551615", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "2147483648", "-2147483649", "4294967296", "1e19",
        "1.8e19", "100000000000000000000000", "99999.999999", "30", "60", "240", "241", "1000", "1001", "16384",
        "0.1", "0.09", "3.5", "1E3", "123456789012345678901234567890",
    ]

    /// Values at and beyond every limit, as text in a URI's query.
    package static let extremeQueryValues = [
        "1e-300", "1e300", "4.9e-324", "1.7976931348623157e308", "1e400", "nan", "NaN", "-nan", "inf", "-inf",
        "Infinity", "-1", "0", "-0", "0.09", "99.999", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "18446744073709551616", "0x10", "", "1e-300ms", "1e300s", "1e300h", "-5s", "nanms",
    ]

    /// `test:` URIs with each numeric option at an extreme (and `size` with extreme sides).
    package static let extremeDeviceURIs: [String] = {
        var uris = ["fps", "dropPercent", "disconnectAfter", "returnAfter", "errorAfter"].flatMap { option in
            extremeQueryValues.map { "test:?\(option)=\($0)" }
        }
        uris += ["1e300x360", "640x1e-300", "9223372036854775808x360", "-640x-360", "nanxnan", "640x360x2", "0x0"]
            .map { "test:?size=\($0)" }
        return uris + ["file:clip.mp4?pace=1e300", "file:clip.mp4?loop=nan", "file:clip.mp4?fps=30"]
    }()

    /// Strings that look like numbers, durations, sizes, devices, dates, paths, or nothing.
    package static let oddStrings = [
        "", " ", "NaN", "nan", "-nan", "Infinity", "-Infinity", "inf", "1e308", "1e308s", "1e999", "0x10", "-0",
        "99999999999999999999d", "1h1e300m", "0.0000000001s", "1e30GB", "9999999TiB", "1e20", "1e30G",
        "18446744073709551616", "auto", "test:", "test:?size=10x10", "test:?fps=nan", "test:?fps=1e308",
        "test:?disconnectAfter=1e300", "test:?=", "test:?size=x", "test:?dropPercent=nan", "file:",
        "/dev/null", "name:", "v4l2:", "2026-02-29T10:00:00Z", "2026-06-21T24:00:00Z",
        "2026-06-21T10:00:00+25:00", "2026-06-21t10:00:00z", "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z",
        "{job}/./a/{seq}", "../x", "/abs/{seq}", "a//b", "{seq:0}", "{seq:99999999999999999999}", "%", "%q",
        "{", "}", "\u{0}", "a\u{0}b", "\u{1F600}", "\u{202E}rtl", "e\u{301}", "*/0 * * * *", "60 * * * *",
        "@reboot", "0 0 31 2 *", "Europe/Berln", "stop", "jpeg", "h264", "true",
    ]

    package mutating func int(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    /// One to three mutations of `job`.
    package mutating func mutate(_ job: FuzzJSON) -> FuzzJSON {
        var result = job
        for _ in 0...int(3) { result = mutateOnce(result) }
        return result
    }

    private mutating func mutateOnce(_ node: FuzzJSON) -> FuzzJSON {
        // Descend into a random child about two times in three, else change this node.
        switch node {
        case .object(var members) where !members.isEmpty && int(3) > 0:
            let index = int(members.count)
            switch int(12) {
            case 0: members.remove(at: index)
            case 1: members.append(("x\(int(100))", replacement()))
            default: members[index].value = mutateOnce(members[index].value)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty && int(3) > 0:
            let index = int(elements.count)
            elements[index] = mutateOnce(elements[index])
            return .array(elements)
        default:
            return replacement()
        }
    }

    /// A value to put in place of another.
    package mutating func replacement() -> FuzzJSON {
        switch int(10) {
        case 0, 1, 2: return .number(JobMutator.extremeNumbers[int(JobMutator.extremeNumbers.count)])
        case 3: return .text(JobMutator.oddStrings[int(JobMutator.oddStrings.count)])
        case 4:
            let strings = JobMutator.oddStrings + JobMutator.extremeDeviceURIs
            return .text(strings[int(strings.count)])
        case 5: return [.null, .bool(true), .bool(false), .array([]), .object([]), .array([.number("1")])][int(6)]
        case 6: return .text(String(repeating: ["a", "{seq}", "/", "é", "9"][int(5)], count: 1 + int(70_000)))
        case 7:
            // Deep nesting: under the parser's limit of 200 or over it.
            var value = FuzzJSON.number("1")
            for _ in 0..<[10, 150, 199, 250][int(4)] { value = int(2) == 0 ? .array([value]) : .object([("a", value)]) }
            return value
        case 8:
            // Broken UTF-8: a lone continuation byte, a truncated sequence, an overlong form.
            let broken: [[UInt8]] = [[0x80], [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xFF, 0xFE], [0xED, 0xA0, 0x80]]
            return .string(Array("ab".utf8) + broken[int(broken.count)] + Array("cd".utf8))
        default:
            let value = Double(bitPattern: random.next())
            return .number(value.isFinite ? String(value) : "1e308")
        }
    }
}
