import Foundation

/// The password for a server, as `psql` finds it: `PGPASSWORD`, else the first matching line
/// of `~/.pgpass` (`hostname:port:database:username:password`, `*` matches anything, `\:` and
/// `\\` escape). Like libpq, a `.pgpass` that others can read is ignored, with a reason.
package enum PGPassFile {
    /// The password, or `nil` when none is set; `ignoredBecause` says why `~/.pgpass` was skipped.
    package static func password(
        host: String, port: Int, database: String, user: String,
        environment: [String: String] = ProcessInfo.processInfo.environment, home: String = NSHomeDirectory()
    ) -> (password: String?, ignoredBecause: String?) {
        if let password = environment["PGPASSWORD"] { return (password, nil) }
        let path = home + "/.pgpass"
        var status = stat()
        guard stat(path, &status) == 0 else { return (nil, nil) }
        guard status.st_mode & 0o077 == 0 else {
            return (nil, "\(path) is readable by others (mode \(String(status.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return (nil, "\(path) cannot be read") }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = split(String(line))
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return (fields[4], nil) }
        }
        return (nil, nil)
    }

    /// Splits a line on unescaped colons, removing the escapes.
    static func split(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaping = false
        for character in line {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
