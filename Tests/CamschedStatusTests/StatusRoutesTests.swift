import CamschedJobs
import CamschedScheduler
@testable import CamschedStatus
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The status routes answered in-process through the router (no socket, no process): what each
/// answers, with which status and type, and who may ask.
@Suite struct StatusRoutesTests {
    static func server(address: String = "127.0.0.1:0", token: String? = nil,
                       runNow: @escaping @Sendable (String) async -> RunNowResult = { _ in .running }) throws -> StatusServer {
        let job = try JobLoader.load(data: Data(#"{"name": "garden", "capture": {"interval": {"every": "1m", "count": 3}}}"#.utf8), sourceURL: nil)
        let listing = JobListing(job: job, root: URL(fileURLWithPath: "/tmp"))
        let exposition = PrometheusExposition()
        return try StatusServer(address: try ListenAddress(parsing: address), token: token.map(BearerToken.init),
                                board: StatusBoard(metrics: StatusMetrics(factory: exposition.factory)),
                                control: StatusControl(jobs: { [listing] }, runNow: runNow), exposition: exposition)
    }

    static func test(_ server: StatusServer, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: server.makeRouter()).test(.router, body)
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test func statusListsTheJobsAsJSON() async throws {
        try await Self.test(try Self.server()) { client in
            let response = try await client.execute(uri: "/api/status", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let jobs = try #require(try Self.json(response)["jobs"] as? [[String: Any]])
            #expect(jobs.map { $0["name"] as? String } == ["garden"])
        }
    }

    @Test func metricsAreThePrometheusTextFormat() async throws {
        try await Self.test(try Self.server()) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = String(buffer: response.body)
            #expect(text.contains("# TYPE camsched_"), "\(text.prefix(400))")
        }
    }

    @Test func thePageAndItsScriptComeWithTheirTypes() async throws {
        try await Self.test(try Self.server()) { client in
            let answer1 = try await client.execute(uri: "/", method: .get)
            #expect(answer1.headers[.contentType] == "text/html; charset=utf-8")
            let answer2 = try await client.execute(uri: "/status.js", method: .get)
            #expect(answer2.headers[.contentType] == "text/javascript; charset=utf-8")
            let answer3 = try await client.execute(uri: "/nothing-here", method: .get)
            #expect(answer3.status == .notFound)
        }
    }

    @Test func runNowAnswersStartedRunningOrUnknown() async throws {
        let server = try Self.server { name in name == "garden" ? .started(runID: "r1") : .unknownJob }
        try await Self.test(server) { client in
            let started = try await client.execute(uri: "/api/jobs/garden/run", method: .post)
            #expect(started.status == .accepted)
            #expect(try Self.json(started)["run"] as? String == "r1")
            let answer4 = try await client.execute(uri: "/api/jobs/nope/run", method: .post)
            #expect(answer4.status == .notFound)
            let answer5 = try await client.execute(uri: "/api/runs?job=nope", method: .get)
            #expect(answer5.status == .notFound)
        }
        try await Self.test(try Self.server()) { client in
            let answer6 = try await client.execute(uri: "/api/jobs/garden/run", method: .post)
            #expect(answer6.status == .conflict)
        }
    }

    @Test func aServerOthersCanReachAnswersOnlyWithItsToken() async throws {
        try await Self.test(try Self.server(address: "0.0.0.0:0", token: "s3cret")) { client in
            let answer7 = try await client.execute(uri: "/api/status", method: .get)
            #expect(answer7.status == .unauthorized)
            let wrong: HTTPFields = [.authorization: "Bearer nope"]
            let answer8 = try await client.execute(uri: "/metrics", method: .get, headers: wrong)
            #expect(answer8.status == .unauthorized)
            let right: HTTPFields = [.authorization: "Bearer s3cret"]
            let answer9 = try await client.execute(uri: "/api/status", method: .get, headers: right)
            #expect(answer9.status == .ok)
        }
    }
}
