import CamschedTestSupport
import Foundation
import Glibc
import Testing

/// `HEAD` on the real server (issue 42: 404 on every route): the answer's head as `GET`'s,
/// `Content-Length` included, and not a byte of body — so the next answer on a kept-alive
/// connection starts right after it.
@Suite(.serialized) struct LiveStatusHeadTests {
    @Test func headAnswersAsGetAndTheNextAnswerFollowsAtOnce() throws {
        let dir = try TemporaryDirectory()
        let live = try LiveStatusConnectionLimitTests.daemon(in: dir)
        for path in ["/", "/status.js", "/api/status", "/metrics"] {
            let get = try live.get(path)
            let head = try HTTPProbe.request(port: live.port, path, method: "HEAD")
            #expect(head.status == 200 && get.status == 200, "\(path): HEAD \(head.status)")
            #expect(head.body.isEmpty, "\(path): no body")
            #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
            let length = Int(head.headers["content-length"] ?? "") ?? -1
            #expect(path.hasPrefix("/api") || path == "/metrics" ? length > 0 : length == get.body.count,
                    "\(path): Content-Length \(length) for \(get.body.count) bytes")
        }
        // HEAD, then GET on the same connection (sent together): the GET's answer comes right
        // after the HEAD's head, with no body in between.
        let fd = try HTTPProbe.connect(port: live.port)
        defer { close(fd) }
        let host = "Host: 127.0.0.1:\(live.port)\r\n"
        let requests = Array("HEAD /status.css HTTP/1.1\r\n\(host)\r\nGET /status.css HTTP/1.1\r\n\(host)Connection: close\r\n\r\n".utf8)
        #expect(send(fd, requests, requests.count, Int32(MSG_NOSIGNAL)) == requests.count)
        let raw = HTTPProbe.read(fd, atLeast: 1 << 20, seconds: 10)
        let headEnd = try #require(HTTPProbe.find([13, 10, 13, 10], in: raw), "a head in \(raw.count) bytes")
        let first = try HTTPProbe.parse(Array(raw[..<(headEnd + 4)]))
        let second = try HTTPProbe.parse(Array(raw[(headEnd + 4)...]))
        #expect(first.status == 200 && second.status == 200, "\(String(decoding: raw.prefix(400), as: UTF8.self))")
        #expect(first.headers["content-length"] == String(second.body.count), "HEAD's Content-Length is GET's length")
        #expect(second.text.contains("{"), "the style sheet, whole")
        _ = live.stop(SIGINT)
    }
}
