import CamschedCore
import CamschedMedia
import Foundation

/// Why a network camera could not be reached, told as one sentence that says what is wrong
/// and what to check: the host name does not resolve, nothing listens at that port, no answer
/// in time, no route to the host, or the server has no stream at that path. A refused login
/// (401, 403) is told apart before this (``NetworkBackend/openFailure(_:login:)``).
enum NetworkReachability {
    /// The reason `address` could not be opened, with its fix.
    /// - Parameters:
    ///   - error: what opening the stream threw (an `AVError` from libavformat).
    ///   - text: the library's own text of it, credentials masked: kept where nothing better is known.
    ///   - resolves: whether a host name resolves, and the resolver's text when it does not
    ///     (tests pass their own).
    static func reason(_ error: any Error, text: String, address: NetworkCameraAddress,
                       resolves: (String) -> String? = resolverProblem) -> String {
        let place = "\(address.host):\(port(of: address))"
        if let wait = error as? NetworkWaitError { return reason(wait, place: place) }
        guard let failure = error as? AVError else { return generic(text) }
        if failure.isConnectionRefused {
            return "nothing accepts connections at \(place) (\(failure.message)); check the host and port in the device URI "
                + "(RTSP's usual port is 554, HTTP's 80) and that the camera's streaming service is on"
        }
        if failure.isTimedOut {
            return "\(place) did not answer within \(Int(LiveStreamReader.readTimeout.components.seconds)) s; check that the camera is on "
                + "and on a network this machine reaches, and that no firewall drops the connection"
        }
        if failure.isHostUnreachable {
            return "there is no route to \(address.host) (\(failure.message)); check the address and this machine's network"
        }
        if failure.isNotFound {
            return "the server at \(place) has no stream at \(path(of: address)) (404 Not Found); check the stream's path in the device URI "
                + "(the camera's manual or web page names it; `camsched devices --probe URI` tries one)"
        }
        if failure.isOtherClientError || failure.isServerError {
            return "the server at \(place) refused the stream \(path(of: address)) (\(failure.message)); check the stream's path "
                + "and options in the device URI, and that the camera serves it"
        }
        if failure.isInvalidData, address.scheme.hasPrefix("rtsp") {
            return "\(place) gave no RTSP answer (\(failure.message)): something else listens there, or nothing that answers "
                + "within \(Int(LiveStreamReader.readTimeout.components.seconds)) s; check the port (RTSP's usual is 554) and the scheme "
                + "(rtsp:// for RTSP, http:// for MJPEG over HTTP)"
        }
        if failure.isInputOutput, let problem = resolves(address.host) {
            return "the host name \(address.host) does not resolve (\(problem)); check its spelling in the device URI, "
                + "or use the camera's IP address"
        }
        return generic(text)
    }

    /// A wait given up: a server that answers too slowly to be of use, or a stop.
    private static func reason(_ wait: NetworkWaitError, place: String) -> String {
        guard case let .tooSlow(_, _, seconds) = wait else { return "camsched is stopping; the connection was given up" }
        return "\(place) answered, but too slowly: its answer and first frames did not come within \(Int(seconds)) s "
            + "(a camera that sends a little at a time: overloaded, or on a failing link); check the camera's load and "
            + "network link, or lower its resolution or bit rate"
    }

    private static func generic(_ text: String) -> String {
        "\(text); check that it is on and reachable, and the address and path of its stream"
    }

    /// The port the URI names, else its scheme's usual one.
    static func port(of address: NetworkCameraAddress) -> Int {
        if let port = URLComponents(string: address.url)?.port { return port }
        switch address.scheme {
        case "rtsp": return 554
        case "rtsps": return 322
        case "https": return 443
        default: return 80
        }
    }

    /// The URI's path (with its query), `/` when it has none.
    static func path(of address: NetworkCameraAddress) -> String {
        guard let components = URLComponents(string: address.url) else { return "/" }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { path + "?" + $0 } ?? path
    }

    /// Nil when `host` resolves (or is an address), else the resolver's reason
    /// (`getaddrinfo`'s `gai_strerror`).
    static func resolverProblem(_ host: String) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        if let list { freeaddrinfo(list) }
        guard status != 0 else { return nil }
        return String(cString: gai_strerror(status))
    }
}
