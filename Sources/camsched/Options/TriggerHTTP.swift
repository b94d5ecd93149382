import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP side of `camsched trigger --daemon URL`: one `POST /api/jobs/NAME/trigger` over
/// plain HTTP/1.1 (the status server listens on loopback or a private network; no TLS).
enum TriggerHTTP {
    static func readToken(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path),
              let token = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty else {
            throw CLIFailure("cannot read a token from --token-file \(path)", code: .invalidInput)
        }
        guard token.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
            throw CLIFailure("the token in \(path) has spaces or non-ASCII characters", code: .invalidInput)
        }
        return token
    }

    static func post(base: String, job: String, token: String?) throws -> String {
        guard let url = URL(string: base), url.scheme == "http", let host = url.host, !host.isEmpty else {
            throw CLIFailure("--daemon \(base) is not an http://HOST:PORT URL", code: .invalidInput)
        }
        let port = url.port ?? 80
        let prefix = url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path
        var request = "POST \(prefix)/api/jobs/\(job)/trigger HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Length: 0\r\nConnection: close\r\n"
        if let token { request += "Authorization: Bearer \(token)\r\n" }
        request += "\r\n"
        let fd = try connect(host: host, port: port)
        defer { close(fd) }
        _ = request.withCString { write(fd, $0, strlen($0)) }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while response.count < 65_536 {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            response += buffer[..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        let statusLine = text.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw CLIFailure("\(base) gave no HTTP answer", code: .runtimeFailure)
        }
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        guard (200..<300).contains(status) else {
            throw CLIFailure("\(base) refused the trigger of \(job): HTTP \(status) \(body.prefix(200))", code: .runtimeFailure)
        }
        return "accepted: \(job) (HTTP \(status))"
    }

    private static func connect(host: String, port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw CLIFailure("cannot resolve \(host)", code: .runtimeFailure)
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 {
                var timeout = timeval(tv_sec: 10, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            entry = info.pointee.ai_next
        }
        throw CLIFailure("cannot connect to \(host):\(port): \(String(cString: strerror(errno)))", code: .runtimeFailure)
    }
}
