import Foundation

/// The secret every request must carry as `Authorization: Bearer TOKEN` (`--token-file`).
package struct BearerToken: Sendable {
    private let bytes: [UInt8]

    package init(_ token: String) {
        bytes = Array(token.utf8)
    }

    /// Reads the token from a file that only its owner can read; surrounding white space
    /// (the newline an editor adds) is not part of it.
    /// - Throws: ``StatusServerError/tokenFile(path:reason:)`` when the file is missing,
    ///   readable by its group or by others, not a regular file, or empty.
    package static func load(path: String) throws(StatusServerError) -> BearerToken {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .tokenFile(path: path, reason: "cannot read it (\(String(cString: strerror(errno))))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .tokenFile(path: path, reason: "not a regular file") }
        guard status.st_mode & 0o077 == 0 else {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw .tokenFile(path: path, reason: "its mode \(mode) lets other users read the token; run `chmod 600 \(path)`")
        }
        guard status.st_size <= 4096, let data = FileManager.default.contents(atPath: path) else {
            throw .tokenFile(path: path, reason: "cannot read it, or it is larger than 4 KiB")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw .tokenFile(path: path, reason: "it is empty; write a secret token into it") }
        guard !token.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw .tokenFile(path: path, reason: "the token must be one word without spaces or line breaks")
        }
        return BearerToken(token)
    }

    /// Whether an `Authorization` header carries this token.
    package func accepts(authorization header: String?) -> Bool {
        guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else { return false }
        return matches(String(header.dropFirst(7)))
    }

    /// Whether `given` is the token (typed into the page's login form, or from a header).
    /// Compares in constant time: the time taken does not tell how much of a guess was right.
    package func matches(_ text: String) -> Bool {
        let given = Array(text.utf8)
        var difference = UInt8(given.count == bytes.count ? 0 : 1)
        for index in 0..<given.count {
            difference |= given[index] ^ bytes[index % max(bytes.count, 1)]
        }
        return difference == 0 && !bytes.isEmpty
    }
}
