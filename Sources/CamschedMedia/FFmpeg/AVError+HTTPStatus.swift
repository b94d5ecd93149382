/// The answers of an HTTP or RTSP server that libavformat returns as their own error codes
/// (`AVERROR_HTTP_UNAUTHORIZED`, `AVERROR_HTTP_FORBIDDEN`; RTSP statuses are mapped to the
/// same codes).
extension AVError {
    /// The server answered 401 Unauthorized: it wants a login, or the one given is wrong.
    package var isUnauthorized: Bool { code == Self.httpStatusCode("401") }
    /// The server answered 403 Forbidden: the login is known but may not have the stream.
    package var isForbidden: Bool { code == Self.httpStatusCode("403") }

    /// libavformat's `FFERRTAG(0xF8, d1, d2, d3)` for a three-digit status.
    private static func httpStatusCode(_ status: String) -> Int32 {
        let digits = Array(status.utf8).map(Int32.init)
        return -(0xF8 | digits[0] << 8 | digits[1] << 16 | digits[2] << 24)
    }
}
