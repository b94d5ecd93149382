internal import CFFmpegShim
import Foundation

/// Why libavformat could not reach a network stream, as its error codes tell it: a POSIX
/// error of the connection (`AVERROR(ECONNREFUSED)`…), or the server's answer as one of
/// libavformat's own codes (`AVERROR_HTTP_NOT_FOUND`, `AVERROR_HTTP_OTHER_4XX`,
/// `AVERROR_HTTP_SERVER_ERROR`; RTSP statuses are mapped to the same codes).
extension AVError {
    /// Nothing accepts connections at that address and port (`ECONNREFUSED`).
    package var isConnectionRefused: Bool { code == -ECONNREFUSED }
    /// The host or its network cannot be reached (`EHOSTUNREACH`, `ENETUNREACH`).
    package var isHostUnreachable: Bool { code == -EHOSTUNREACH || code == -ENETUNREACH }
    /// No answer in time (`ETIMEDOUT`: libavformat's `timeout`/`rw_timeout` ran out).
    package var isTimedOut: Bool { code == -ETIMEDOUT }
    /// `EIO`: what libavformat's TCP layer returns when the host name does not resolve (and
    /// for other failed reads); tell them apart by resolving the name again.
    package var isInputOutput: Bool { code == -EIO }
    /// What came back was not the protocol asked for (`AVERROR_INVALIDDATA` at open): for RTSP,
    /// a server that answered nothing in time or speaks something else.
    package var isInvalidData: Bool { code == cs_averror_invaliddata() }
    /// The server has no stream at that path (404 Not Found).
    package var isNotFound: Bool { code == Self.serverAnswer("404") }
    /// The server refused the request for a reason other than 401, 403 and 404 (another 4xx).
    package var isOtherClientError: Bool { code == Self.serverAnswer("4XX") || code == Self.serverAnswer("400") }
    /// The server failed to serve the request (5xx).
    package var isServerError: Bool { code == Self.serverAnswer("5XX") }

    /// libavformat's `FFERRTAG(0xF8, c1, c2, c3)` for a server's answer such as `404` or `5XX`.
    private static func serverAnswer(_ status: String) -> Int32 {
        let characters = Array(status.utf8).map(Int32.init)
        return -(0xF8 | characters[0] << 8 | characters[1] << 16 | characters[2] << 24)
    }
}
