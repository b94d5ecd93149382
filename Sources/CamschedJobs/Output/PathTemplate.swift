import CamschedCore
import Foundation

/// An output path template such as `{job}/%Y-%m-%d/{job}-%Y%m%d-%H%M%S-{seq}`, parsed.
///
/// Tokens: `{job}`, `{run}`, `{seq}` (6 digits), `{seq:N}` (N digits, 1…18), `{kind}`,
/// `{device}`; time fields in the job's time zone: `%Y %m %d %H %M %S %j`, and `%%` for `%`.
/// The template is relative to the output root and may not leave it: no leading `/`, no `.` or
/// `..` component, no empty component, no control characters, at most 4096 bytes and 200
/// bytes per component.
package struct PathTemplate: Sendable, Equatable {
    /// One piece of a template.
    package enum Component: Sendable, Equatable {
        case literal(String)
        case job
        case run
        case seq(width: Int)
        case kind
        case device
        /// A strftime field letter: one of `Y m d H M S j`.
        case time(Character)
    }

    /// The tokens a template may use, as written.
    package static let tokens = ["{job}", "{run}", "{seq}", "{seq:N}", "{kind}", "{device}"]
    /// The time fields a template may use, as written.
    package static let timeFields = ["%Y", "%m", "%d", "%H", "%M", "%S", "%j", "%%"]

    /// The template as written.
    package let source: String
    /// The pieces in order; adjacent literal text is merged.
    package let components: [Component]

    /// Parses and checks a template, in time linear in its length.
    /// - Throws: `PathTemplateError` with every problem found.
    package init(parsing text: String) throws(PathTemplateError) {
        // Longer than a path can be: refused before the token scan, whatever it holds.
        guard text.utf8.count <= PathTemplate.maximumBytes else { throw PathTemplate.tooLong(text) }
        var problems = PathTemplate.layoutProblems(text)
        var components: [Component] = []
        var literal = ""
        func flushLiteral() {
            if !literal.isEmpty { components.append(.literal(literal)) }
            literal = ""
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "{":
                guard let close = text[index...].firstIndex(of: "}") else {
                    problems.append("\"{\" without a closing \"}\"")
                    index = text.endIndex
                    continue
                }
                let name = String(text[text.index(after: index)..<close])
                if let component = PathTemplate.component(named: name) {
                    flushLiteral()
                    components.append(component)
                } else {
                    problems.append(PathTemplate.unknownTokenMessage(name))
                }
                index = text.index(after: close)
            case "}":
                problems.append("\"}\" without an opening \"{\"")
                index = text.index(after: index)
            case "%":
                let next = text.index(after: index)
                guard next < text.endIndex else {
                    problems.append("\"%\" at the end; write \"%%\" for a percent sign")
                    index = next
                    continue
                }
                let field = text[next]
                if field == "%" {
                    literal.append("%")
                } else if "YmdHMSj".contains(field) {
                    flushLiteral()
                    components.append(.time(field))
                } else {
                    problems.append(
                        "unknown time field \"%\(field)\"; allowed: \(PathTemplate.timeFields.joined(separator: " "))")
                }
                index = text.index(after: next)
            default:
                literal.append(character)
                index = text.index(after: index)
            }
        }
        flushLiteral()
        guard problems.isEmpty else { throw PathTemplateError(problems: problems) }
        self.source = text
        self.components = components
    }

    /// The longest template, in bytes of UTF-8 (Linux's `PATH_MAX`).
    package static let maximumBytes = 4_096
    /// The longest folder or file name a template may write, in bytes, before tokens are
    /// replaced: `NAME_MAX` (255) less room for `-N`, the extension and `.partial`.
    package static let maximumComponentBytes = 200

    private static func tooLong(_ text: String) -> PathTemplateError {
        PathTemplateError(problems: ["the path template is \(text.utf8.count) bytes long; at most \(maximumBytes) are allowed"])
    }

    /// Problems with the shape of the path, the same rules the filer applies when it writes
    /// (`FilePlacer.components(of:)`, CamschedFiling): relative, no `.`, `..` or empty
    /// component, no control characters, and lengths the filesystem accepts.
    private static func layoutProblems(_ text: String) -> [String] {
        var problems: [String] = []
        if text.isEmpty { problems.append("the path template is empty") }
        if text.hasPrefix("/") {
            problems.append("the path must be relative to output.root, not absolute")
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            problems.append("the path must not contain control characters")
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") {
            problems.append("the path must not contain a \"..\" component: files stay under output.root")
        }
        if parts.contains(".") {
            problems.append("the path must not contain a \".\" component; leave it out")
        }
        if !text.isEmpty && parts.dropFirst(text.hasPrefix("/") ? 1 : 0).contains(where: \.isEmpty) {
            problems.append("the path has an empty component (\"//\" or a trailing \"/\")")
        }
        if let long = parts.first(where: { $0.utf8.count > maximumComponentBytes }) {
            problems.append("the component \"\(long.prefix(20))…\" is \(long.utf8.count) bytes long; a folder or file name may have at most \(maximumComponentBytes)")
        }
        return problems
    }

    private static func component(named name: String) -> Component? {
        switch name {
        case "job": return .job
        case "run": return .run
        case "seq": return .seq(width: 6)
        case "kind": return .kind
        case "device": return .device
        default:
            guard name.hasPrefix("seq:"), let width = Int(name.dropFirst(4)), (1...18).contains(width) else {
                return nil
            }
            return .seq(width: width)
        }
    }

    private static func unknownTokenMessage(_ name: String) -> String {
        if name.hasPrefix("seq:") {
            return "\"{\(name)}\": the width of {seq:N} must be a number from 1 to 18"
        }
        let names = ["job", "run", "seq", "kind", "device"]
        var message = "unknown token \"{\(name)}\""
        if let suggestion = NameSuggester.suggestion(for: name, among: names) {
            message += "; did you mean \"{\(suggestion)}\"?"
        } else {
            message += "; allowed: \(tokens.joined(separator: " "))"
        }
        return message
    }

    /// Makes the path for one file: tokens replaced (values sanitised to `[A-Za-z0-9._-]`, other
    /// characters becoming `_`), time fields from `date` in `timeZone`. No extension is added.
    package func render(job: String, run: String, seq: Int, kind: String, device: String,
                       date: Date, timeZone: TimeZone) -> String {
        let instant = Int64(date.timeIntervalSince1970.rounded(.down))
        let wall = instant + Int64(timeZone.secondsFromGMT(for: date))
        let time = CivilTime.components(wallSeconds: wall)
        func padded(_ value: Int, _ width: Int) -> String { PaddedNumber.text(value, width: width) }
        var out = ""
        for component in components {
            switch component {
            case .literal(let text): out += text
            case .job: out += PathTemplate.sanitised(job)
            case .run: out += PathTemplate.sanitised(run)
            case .seq(let width): out += padded(seq, width)
            case .kind: out += PathTemplate.sanitised(kind)
            case .device: out += PathTemplate.sanitised(device)
            case .time(let field):
                switch field {
                case "Y": out += padded(time.year, 4)
                case "m": out += padded(time.month, 2)
                case "d": out += padded(time.day, 2)
                case "H": out += padded(time.hour, 2)
                case "M": out += padded(time.minute, 2)
                case "S": out += padded(time.second, 2)
                default: out += padded(time.dayOfYear, 3)
                }
            }
        }
        return out
    }

    /// A value made safe as a file-name part: characters other than letters, digits, `.`, `_`
    /// and `-` become `_`, a leading `.` too; an empty value becomes `_`.
    package static func sanitised(_ value: String) -> String {
        var out = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        if out.hasPrefix(".") { out = "_" + out.dropFirst() }
        return out.isEmpty ? "_" : out
    }
}
