/// Why a path template from a job file cannot be used.
public enum PathTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The template is empty (or only slashes).
    case empty
    /// The template starts with `/`; it must be relative to the output root.
    case absolute(template: String)
    /// A path component is `..` (or `.`), which could leave the output root.
    case parentComponent(template: String)
    /// A `{token}` that camsched does not know.
    case unknownToken(String, template: String)
    /// A `{` without its `}`.
    case unterminatedToken(template: String)
    /// A `%` field that camsched does not know (or a lone `%` at the end).
    case unknownField(String, template: String)
    /// `{seq:N}` with N not in 1…18.
    case invalidSequenceWidth(String, template: String)

    public var description: String {
        switch self {
        case .empty:
            return "output path template is empty; give a path such as \"{job}/%Y-%m-%d/{job}-{seq}\""
        case .absolute(let template):
            return "output path template \"\(template)\" is absolute; it must be relative to the output root (remove the leading \"/\" and set \"root\" instead)"
        case .parentComponent(let template):
            return "output path template \"\(template)\" contains a \".\" or \"..\" component; files must stay under the output root"
        case .unknownToken(let token, let template):
            return "output path template \"\(template)\" uses unknown token {\(token)}; known tokens are {job} {run} {seq} {seq:N} {kind} {device}"
        case .unterminatedToken(let template):
            return "output path template \"\(template)\" has a \"{\" without a closing \"}\""
        case .unknownField(let field, let template):
            return "output path template \"\(template)\" uses unknown field \"\(field)\"; known fields are %Y %m %d %H %M %S %j and %% for a percent sign"
        case .invalidSequenceWidth(let width, let template):
            return "output path template \"\(template)\" has {seq:\(width)}; the width must be a number from 1 to 18"
        }
    }
}
