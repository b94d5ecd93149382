import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// An RTSP camera through the binary, served by a real RTSP server (GStreamer's, from Debian:
/// `scripts/rtsp-test-server.py`) at 10 fps: H.264 decoded and encoded again, MJPEG copied,
/// and the server stopped and started again mid-recording.
@Suite struct RTSPCameraTests {
    /// The RTSP server on 127.0.0.1 (`port` 0: one it chooses), serving until it is stopped;
    /// with `login`, every stream asks for that user and password (basic authentication, or
    /// digest with `digest`).
    final class Server {
        let process: ChildProcess
        let port: Int

        init(_ dir: TemporaryDirectory, port: Int = 0, login: (user: String, password: String)? = nil, digest: Bool = false) throws {
            let out = dir.file("rtsp-\(UUID().uuidString.prefix(4)).out")
            let asks = (login.map { ["--user", $0.user, "--password", $0.password] } ?? []) + (digest ? ["--digest"] : [])
            let process = try ProcessRunner.start("/usr/bin/python3", [CamschedBinary.repository.appendingPathComponent("scripts/rtsp-test-server.py").path,
                                                                   "--port", "\(port)", "--fps", "10"] + asks,
                                              stdout: out, stderr: dir.file("rtsp.err"))
            var found: Int?
            _ = Wait.until(seconds: 30) {
                let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
                found = text.split(separator: "\n").first { $0.hasPrefix("listening ") }.flatMap { Int($0.dropFirst(10)) }
                return found != nil || !process.isRunning
            }
            self.process = process
            guard let found else {
                if process.isRunning { process.terminate() }
                throw HTTPProbe.Failure(description: "the RTSP server did not start: \((try? String(contentsOf: dir.file("rtsp.err"), encoding: .utf8)) ?? "")")
            }
            self.port = found
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    /// Records the job `name` (`record`: its record keys) from the server's `path`; once `filed`
    /// (under `out/NAME/`) is filed, the server stops for `away` seconds (the scenario) and then
    /// serves again on the same port. Returns the run, ended, and when the server came back.
    static func recordAcrossAServerStop(_ dir: TemporaryDirectory, server: inout Server, name: String, path: String, record: String,
                                        filed: String, within seconds: Double, away: Double) throws -> (run: ChildProcess, back: Date) {
        let port = server.port
        let job = try Self.job(dir, name: name, url: "rtsp://127.0.0.1:\(port)/\(path)", record: record)
        let run = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--json"],
                                          environment: NetworkCameraTests.quiet, stdout: dir.file("\(name).out"), stderr: dir.file("\(name).err"))
        #expect(Wait.forFile(dir.file("out/\(name)/\(filed).json"), seconds: seconds), "\(filed) is filed before the stop")
        server.stop()
        Thread.sleep(forTimeInterval: away)
        server = try Server(dir, port: port)
        let back = Date()
        run.waitUntilExit()
        return (run, back)
    }

    static func job(_ dir: TemporaryDirectory, name: String, url: String, record: String) throws -> URL {
        try dir.write("\(name).json", """
            {"name": "\(name)", "camera": {"device": "\(url)"}, "capture": {"record": {\(record)}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
    }

    static func files(_ dir: TemporaryDirectory, job: String) -> [URL] {
        JobFixtures.filed(dir, ext: "mp4").filter { $0.path.contains("/out/\(job)/") }.sorted { $0.path < $1.path }
    }

    @Test func h264IsRecordedAndMJPEGCopiedFrameForFrame() throws {
        let dir = try TemporaryDirectory()
        let server = try Server(dir)
        let h264 = try Self.job(dir, name: "h", url: "rtsp://127.0.0.1:\(server.port)/h264", record: #""duration": "6s", "segment": "2s""#)
        let mjpeg = try Self.job(dir, name: "m", url: "rtsp://127.0.0.1:\(server.port)/mjpeg",
                                 record: #""duration": "6s", "segment": "2s", "codec": "copy""#)
        for (job, codec) in [(h264, "h264"), (mjpeg, "mjpeg")] {
            let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
            let name = job.deletingPathExtension().lastPathComponent
            let files = Self.files(dir, job: name)
            #expect(files.count == 3, "\(files.map(\.lastPathComponent))")
            // 10 fps for 2 s each: every frame the server sent, none twice.
            #expect(try files.map { try MediaProbe.probe($0).frames } == [20, 20, 20], "\(name)")
            for file in files {
                let sidecar = try JobFixtures.sidecar(file)
                #expect((sidecar["encoder"] as? [String: Any])?["codec"] as? String == codec)
                #expect(sidecar["droppedFrames"] as? Int == 0 && sidecar["frames"] as? Int == 20, "\(sidecar)")
            }
        }
    }

    @Test func aServerStoppedForAMomentCostsOnlyTheGap() throws {
        let dir = try TemporaryDirectory()
        var server = try Server(dir)
        // The server stays away for two seconds once the first file is filed.
        let (run, back) = try Self.recordAcrossAServerStop(dir, server: &server, name: "r", path: "h264", record: #""duration": "12s", "segment": "3s""#,
                                                           filed: "segment-000001.mp4", within: 30, away: 2)
        try NetworkCameraTests.expectOneGap(run, dir: dir, job: "r", back: back, files: 4)
    }

    @Test func aProbeShowsWhatTheStreamOffers() throws {
        let dir = try TemporaryDirectory()
        let server = try Server(dir)
        let mjpeg = try CamschedBinary.run(["devices", "--probe", "rtsp://127.0.0.1:\(server.port)/mjpeg"])
        #expect(mjpeg.status == 0, "\(mjpeg.stderr)")
        #expect(mjpeg.stdout.contains("MJPG 640x360 @ 10 fps") && mjpeg.stdout.contains("YU12 640x360 @ 10 fps"), "\(mjpeg.stdout)")
        let h264 = try CamschedBinary.run(["devices", "--probe", "rtsp://127.0.0.1:\(server.port)/h264", "--json"])
        #expect(h264.status == 0, "\(h264.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(h264.stdout.utf8)) as? [String: Any]
        let modes = report?["modes"] as? [[String: Any]] ?? []
        // Its own H.264 (for a copy) and decoded pictures.
        #expect(modes.map { $0["format"] as? String } == ["H264", "YU12"] && modes.first?["fps"] as? [Double] == [10], "\(h264.stdout)")
        #expect(report?["driver"] as? String == "camsched-network")
    }

    @Test func aPathTheServerDoesNotHaveSaysSo() throws {
        let dir = try TemporaryDirectory()
        let server = try Server(dir)
        let result = try CamschedBinary.run(["snapshot", "--device", "rtsp://127.0.0.1:\(server.port)/nothing", "-o", dir.file("x.jpg").path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot reach the network camera rtsp://127.0.0.1:\(server.port)/nothing"), "\(result.stderr)")
    }
}
