import CamschedJobs
@testable import CamschedStatus
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `HEAD` answers every `GET` route as `GET` does — status and headers, `Content-Length`
/// included — without the body (issue 42: it answered 404 everywhere). In-process, through the router.
@Suite struct StatusHeadTests {
    /// Every GET route, plus a path no route has; the first ones answer the same bytes each time.
    static let fixedPaths = ["/", "/status.js", "/status.css", "/login", "/api/runs?job=nope", "/jobs/garden/preview.jpg",
                             "/jobs/garden/stream.mjpg", "/jobs/garden/stills/0", "/jobs/garden/files/garden/x.jpg", "/nothing-here"]
    /// Routes whose answer may change between two requests (counters, free space, times).
    static let changingPaths = ["/api/status", "/api/runs", "/metrics", "/api/jobs/garden/files"]

    static func names(_ response: TestResponse) -> [String] {
        response.headers.map(\.name.canonicalName).filter { $0 != "date" }.sorted()
    }

    static func compare(_ client: some TestClientProtocol, _ path: String, headers: HTTPFields = [:], sameLength: Bool) async throws {
        let get = try await client.execute(uri: path, method: .get, headers: headers)
        let head = try await client.execute(uri: path, method: .head, headers: headers)
        #expect(head.status == get.status, "\(path): HEAD \(head.status), GET \(get.status)")
        #expect(head.body.readableBytes == 0, "\(path): no body")
        #expect(names(head) == names(get), "\(path): the same header fields")
        #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
        if sameLength {
            #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path): Content-Length \(head.headers[.contentLength] ?? "none") for \(get.body.readableBytes) bytes")
        } else {
            #expect(head.headers[.contentLength] != nil, "\(path): a Content-Length")
        }
    }

    @Test func everyGetRouteAnswersHeadWithoutTheBody() async throws {
        try await StatusRoutesTests.test(try StatusRoutesTests.server()) { client in
            for path in Self.fixedPaths { try await Self.compare(client, path, sameLength: true) }
            for path in Self.changingPaths { try await Self.compare(client, path, sameLength: false) }
        }
    }

    /// With a token, a `HEAD` without it is refused as the `GET` is (401, the login form's
    /// length for `/`); with it, answered.
    @Test func headIsRefusedAndAnsweredAsGetWithAToken() async throws {
        try await StatusRoutesTests.test(try StatusRoutesTests.server(address: "0.0.0.0:0", token: "s3cret")) { client in
            for path in ["/", "/api/status", "/status.css", "/login"] { try await Self.compare(client, path, sameLength: true) }
            try await Self.compare(client, "/status.js", headers: [.authorization: "Bearer s3cret"], sameLength: true)
        }
    }
}
