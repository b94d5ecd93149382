import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// Stopping `daemon` or `run` while the status server has connections in every state a client
/// can leave one in — connected and silent, half a request sent, an answered keep-alive
/// connection, a `stream.mjpg` reader, and a burst of connections still queued or just accepted
/// when the signal comes — ends the process promptly with its usual exit status, never with a
/// crash or a hang, and the recording in progress is filed.
@Suite(.serialized) struct LiveStatusStopTests {
    static func sendRaw(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL))
    }

    /// Opens connections in each state on `port` (the burst last, so the signal finds it in
    /// flight); the caller closes them.
    static func openEveryState(port: Int, stream job: String?) throws -> [Int32] {
        var open: [Int32] = [try HTTPProbe.connect(port: port)]
        let half = try HTTPProbe.connect(port: port)
        sendRaw(half, "GET /api/status HTTP/1.1\r\nHost: 127")
        open.append(half)
        let kept = try HTTPProbe.connect(port: port)
        sendRaw(kept, "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(!HTTPProbe.read(kept, atLeast: 12, seconds: 5).isEmpty, "the keep-alive request is answered")
        open.append(kept)
        if let job {
            let reader = try HTTPProbe.connect(port: port)
            try HTTPProbe.send(reader, path: "/jobs/\(job)/stream.mjpg", port: port)
            #expect(HTTPProbe.read(reader, atLeast: 2000, seconds: 5).count >= 2000, "stream.mjpg sends parts")
            open.append(reader)
        }
        for _ in 0..<40 { open.append(try HTTPProbe.connect(port: port)) }
        return open
    }

    static func expectCleanStop(_ live: LiveStatusProcess, signal: Int32, status: Int32) {
        let stopping = Date()
        #expect(live.stop(signal) == status, "\(live.log)")
        #expect(Date().timeIntervalSince(stopping) < 10, "stopped within 10 s")
        #expect(!live.log.contains("Fatal error"), "\(live.log)")
    }

    /// Ten daemons in a row: in five the first connections start the HTTP server as the
    /// signal arrives; in the other five it was already serving (without the fix this found the
    /// crash about one run in four).
    @Test(arguments: [false, true])
    func aDaemonStopsWithConnectionsInEveryState(askedFirst: Bool) throws {
        for _ in 0..<5 {
            let dir = try TemporaryDirectory()
            try dir.write("jobs/yearly.json", LiveStatusIdleTests.job)
            let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
            if askedFirst { #expect(try live.get("/api/status").status == 200) }
            let open = try Self.openEveryState(port: live.port, stream: nil)
            defer { open.forEach { close($0) } }
            Self.expectCleanStop(live, signal: SIGTERM, status: 143)
        }
    }

    @Test func aRecordingStopsWithConnectionsInEveryStateAndIsFiled() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("stop.json", JobFixtures.record(name: "stop", device: "test:?size=320x180&fps=15", duration: "30s"))
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.wait(seconds: 15) { try live.job("stop")["streaming"] as? Bool == true }, "\(live.log)")
        // A second of frames in the recording's file before the connections come.
        #expect(PartialMovie.waitForFrames(15, in: dir), "the recording never got a second into its file")
        let open = try Self.openEveryState(port: live.port, stream: "stop")
        defer { open.forEach { close($0) } }
        Self.expectCleanStop(live, signal: SIGINT, status: 130)
        let files = FileManager.default.enumerator(at: dir.file("out"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "mp4" } ?? []
        let video = try #require(files.first, "the recording in progress is filed")
        #expect(try MediaProbe.probe(video).frames >= 15, "at least a second of frames")
    }
}
