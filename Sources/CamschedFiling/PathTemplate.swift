import Foundation

/// A parsed `output.path` template: relative to the output root, without extension.
///
/// Tokens: `{job}`, `{run}`, `{seq}` (6 digits), `{seq:N}` (N digits), `{kind}`, `{device}`
/// (the card name reduced to `[A-Za-z0-9._-]`). Fields: `%Y %m %d %H %M %S %j` in the time
/// zone given to ``render(_:date:timeZone:)``, and `%%` for a percent sign.
public struct PathTemplate: Sendable, Equatable, CustomStringConvertible {
    /// One piece of a parsed template.
    enum Piece: Sendable, Equatable {
        case literal(String)
        case job, run, kind, device
        case seq(width: Int)
        case year, month, day, hour, minute, second, dayOfYear
    }

    /// The template as written.
    public let template: String
    let pieces: [Piece]

    /// Parses and checks a template.
    /// - Parameter template: the job file's `output.path`.
    /// - Throws: ``PathTemplateError`` when the template is absolute, has a `..` or `.`
    ///   component, or uses an unknown token or field.
    public init(_ template: String) throws(PathTemplateError) {
        if template.hasPrefix("/") { throw .absolute(template: template) }
        let components = template.split(separator: "/", omittingEmptySubsequences: true)
        if components.isEmpty { throw .empty }
        if components.contains(where: { $0 == ".." || $0 == "." }) { throw .parentComponent(template: template) }
        self.template = template
        self.pieces = try Self.parse(template)
    }

    public var description: String { template }

    private static func parse(_ template: String) throws(PathTemplateError) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var index = template.startIndex
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
        }
        while index < template.endIndex {
            let character = template[index]
            if character == "{" {
                guard let close = template[index...].firstIndex(of: "}") else {
                    throw .unterminatedToken(template: template)
                }
                let token = String(template[template.index(after: index)..<close])
                flush()
                pieces.append(try piece(forToken: token, template: template))
                index = template.index(after: close)
            } else if character == "%" {
                let next = template.index(after: index)
                guard next < template.endIndex else { throw .unknownField("%", template: template) }
                switch template[next] {
                case "%": literal.append("%")
                case "Y": flush(); pieces.append(.year)
                case "m": flush(); pieces.append(.month)
                case "d": flush(); pieces.append(.day)
                case "H": flush(); pieces.append(.hour)
                case "M": flush(); pieces.append(.minute)
                case "S": flush(); pieces.append(.second)
                case "j": flush(); pieces.append(.dayOfYear)
                case let other: throw .unknownField("%\(other)", template: template)
                }
                index = template.index(after: next)
            } else {
                literal.append(character)
                index = template.index(after: index)
            }
        }
        flush()
        return pieces
    }

    private static func piece(forToken token: String, template: String) throws(PathTemplateError) -> Piece {
        switch token {
        case "job": return .job
        case "run": return .run
        case "kind": return .kind
        case "device": return .device
        case "seq": return .seq(width: 6)
        default:
            if token.hasPrefix("seq:") {
                let widthText = String(token.dropFirst(4))
                guard let width = Int(widthText), (1...18).contains(width) else {
                    throw .invalidSequenceWidth(widthText, template: template)
                }
                return .seq(width: width)
            }
            throw .unknownToken(token, template: template)
        }
    }

    /// Renders the template for one file.
    /// - Parameters:
    ///   - values: the job, run, sequence number, kind and device card name.
    ///   - date: the capture time that the `%` fields show.
    ///   - timeZone: the job's time zone for the `%` fields.
    /// - Returns: a path relative to the output root, without extension.
    public func render(_ values: Values, date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        var output = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): output += text
            case .job: output += Self.sanitised(values.job)
            case .run: output += Self.sanitised(values.run)
            case .kind: output += Self.sanitised(values.kind)
            case .device: output += Self.sanitised(values.device)
            case .seq(let width): output += Self.padded(values.seq, width: width)
            case .year: output += Self.padded(parts.year ?? 0, width: 4)
            case .month: output += Self.padded(parts.month ?? 0, width: 2)
            case .day: output += Self.padded(parts.day ?? 0, width: 2)
            case .hour: output += Self.padded(parts.hour ?? 0, width: 2)
            case .minute: output += Self.padded(parts.minute ?? 0, width: 2)
            case .second: output += Self.padded(parts.second ?? 0, width: 2)
            case .dayOfYear: output += Self.padded(calendar.ordinality(of: .day, in: .year, for: date) ?? 0, width: 3)
            }
        }
        return output
    }

    /// Reduces a value to the characters that are safe in a file name on any filesystem:
    /// `[A-Za-z0-9._-]`; everything else becomes `_`. An empty result, `.` or `..` become `_`
    /// so that a value can never add or climb a folder.
    public static func sanitised(_ value: String) -> String {
        let mapped = String(value.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": return Character(scalar)
            default: return "_"
            }
        })
        if mapped.isEmpty || mapped == "." || mapped == ".." { return "_" }
        return mapped
    }

    static func padded(_ number: Int, width: Int) -> String {
        let digits = String(number.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (number < 0 ? "-" : "") + padding + digits
    }
}
