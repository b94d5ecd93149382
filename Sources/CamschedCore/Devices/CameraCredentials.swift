import Foundation

/// The login of a network camera: a user and a password, read from a credentials file or an
/// environment variable (``CameraCredentialsSource``), never from the job file or the URI.
///
/// The text is one line `user:password`: the user ends at the first `:`, the password is the
/// rest as it is (it may hold `:`, `@`, `/`, `%` and spaces; it is percent-encoded when the URL
/// is built, ``NetworkCameraAddress/url(loggingInAs:)``). A trailing newline is ignored.
/// Printing a value shows the user and `***`, never the password.
package struct CameraCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    package let user: String
    package let password: String
    /// Where they were read: what messages name as the place to fix them.
    package let source: CameraCredentialsSource

    /// The longest text taken as credentials (a file of more is not a credentials file).
    package static let maximumLength = 4096

    /// Parses `text` (`user:password`, one line, trailing newline ignored).
    /// - Throws: ``CameraCredentialsError/malformed(source:reason:)``; the reason never quotes the text.
    package init(parsing text: String, from source: CameraCredentialsSource) throws(CameraCredentialsError) {
        var line = Substring(text)
        while let last = line.last, last == "\n" || last == "\r" || last == "\r\n" { line = line.dropLast() }
        if line.isEmpty { throw .malformed(source: source, reason: "it is empty") }
        if line.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            throw .malformed(source: source, reason: "it holds more than one line")
        }
        guard let colon = line.firstIndex(of: ":") else {
            throw .malformed(source: source, reason: "it has no ':' between the user and the password")
        }
        if colon == line.startIndex { throw .malformed(source: source, reason: "the user before the ':' is empty") }
        if line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .malformed(source: source, reason: "it holds a control character")
        }
        user = String(line[..<colon])
        password = String(line[line.index(after: colon)...])
        self.source = source
    }

    package var description: String { "\(user):***" }
    package var debugDescription: String { description }

    /// `text` with the password, as it is and percent-encoded, replaced by `***`: for error
    /// texts of libraries that may echo the URL they were given.
    package func masking(_ text: String) -> String {
        // A very short password would mask ordinary letters; the URL it sits in is masked anyway.
        guard password.count >= 3 else { return NetworkCameraAddress.maskedEverywhere(text) }
        let encoded = NetworkCameraAddress.percentEncoded(password)
        return NetworkCameraAddress.maskedEverywhere(
            text.replacingOccurrences(of: password, with: "***").replacingOccurrences(of: encoded, with: "***"))
    }
}
