import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 answer as the wire carried it.
package struct HTTPReply: Sendable {
    package var status: Int
    /// Header names lower-cased.
    package var headers: [String: String]
    package var body: [UInt8]
    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// A small raw-socket HTTP client for end-to-end tests of the status server: every byte is
/// visible, nothing is cached, and a test can stop reading on purpose.
package enum HTTPProbe {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    /// Connects to 127.0.0.1:port with a connect, send and receive timeout; an optional small receive buffer.
    package static func connect(port: Int, timeout: Double = 10, receiveBuffer: Int32? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        // Bounds connect too: a server whose queue is full drops the SYN, and connect would retry for minutes.
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)")
        }
        return fd
    }

    /// Sends a request head (no body).
    package static func send(_ fd: Int32, method: String = "GET", path: String, port: Int, headers: [String: String] = [:]) throws {
        var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
        if headers["Host"] == nil { head += "Host: 127.0.0.1:\(port)\r\n" }
        if method == "POST" { head += "Content-Length: 0\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8)
        guard Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw Failure(description: "send failed") }
    }

    /// One request on a fresh connection, read to the end.
    package static func request(port: Int, _ path: String, method: String = "GET", headers: [String: String] = [:],
                               timeout: Double = 15) throws -> HTTPReply {
        let fd = try connect(port: port, timeout: timeout)
        defer { close(fd) }
        try send(fd, method: method, path: path, port: port, headers: headers)
        return try parse(readToEnd(fd))
    }

    /// Reads from a streaming response until `limit` bytes came or the time is up.
    /// Everything the peer sends until it closes the connection (or the socket's timeout).
    package static func readToEnd(_ fd: Int32) -> [UInt8] {
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            raw.append(contentsOf: buffer[0..<count])
        }
        return raw
    }

    package static func read(_ fd: Int32, atLeast limit: Int, seconds: Double) -> [UInt8] {
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let end = Date().addingTimeInterval(seconds)
        while raw.count < limit, Date() < end {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            raw.append(contentsOf: buffer[0..<count])
        }
        return raw
    }

    /// Splits a response into status, headers and (de-chunked) body.
    package static func parse(_ raw: [UInt8]) throws -> HTTPReply {
        guard let split = find([13, 10, 13, 10], in: raw) else { throw Failure(description: "no HTTP head in \(raw.count) bytes") }
        let lines = String(decoding: raw[0..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(raw[(split + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while let lineEnd = find([13, 10], in: data, from: index) {
            let sizeText = String(decoding: data[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            guard start + size <= data.count else { out.append(contentsOf: data[start...]); break }
            out.append(contentsOf: data[start..<(start + size)])
            index = start + size + 2
        }
        return out
    }

    /// The first index of `needle` in `haystack` at or after `from`.
    package static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
        guard haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        for index in from...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }
}
