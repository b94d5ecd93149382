import CamschedTestSupport
import Foundation
import Testing

/// A network camera that misbehaves on purpose, a small Python server on 127.0.0.1 that speaks
/// MJPEG over HTTP (and enough RTSP to be asked): each connection is numbered, and what it gets
/// depends on the `mode` and on whether it is the first.
///
/// - `head`: the answer's head a byte every half second (HTTP's or RTSP's, as asked), never
///   more — no read ever waits long enough to time out.
/// - `body`: the HTTP head at once, then the first frame a byte every half second.
/// - `stall`: the first connection gets 1.5 s of frames (10 fps), then the next frame a byte
///   every half second; later connections are closed at once.
/// - `pause`: the first connection gets 1.5 s of frames, then nothing for 2.5 s (short of the
///   3 s a stalled camera is given), one more frame, and is closed; later ones are closed at once.
/// - `resize`: the first connection gets 1.5 s of frames of the first picture and is closed;
///   later ones get frames of the second picture (another size) for ever.
///
/// It prints `connection N` when connection N comes and `trickle N` when it starts trickling:
/// what a test waits for before it sends a signal.
final class TricklingCamera {
    let process: ChildProcess
    let port: Int
    let log: URL

    /// - Parameter pictures: two JPEG files (the second only for `resize`).
    init(_ dir: TemporaryDirectory, mode: String, pictures: [URL]) throws {
        let script = try dir.write("trickle.py", Self.script)
        log = dir.file("trickle-\(UUID().uuidString.prefix(4)).out")
        process = try ProcessRunner.start("/usr/bin/python3", [script.path, mode] + pictures.map(\.path), stdout: log, stderr: dir.file("trickle.err"))
        var found: Int?
        let (log, process) = (log, process)
        _ = Wait.until(seconds: 20) {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            found = text.split(separator: "\n").first { $0.hasPrefix("listening ") }.flatMap { Int($0.dropFirst(10)) }
            return found != nil || !process.isRunning
        }
        guard let found else {
            if process.isRunning { process.terminate() }
            throw HTTPProbe.Failure(description: "the trickling camera did not start: \(try String(contentsOf: dir.file("trickle.err"), encoding: .utf8))")
        }
        port = found
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var http: String { "http://127.0.0.1:\(port)/video.mjpg" }
    var rtsp: String { "rtsp://127.0.0.1:\(port)/stream1" }

    /// Whether the server printed `line` within `seconds`.
    func saw(_ line: String, seconds: Double = 20) -> Bool {
        Wait.until(seconds: seconds) {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").contains { $0 == line }
        }
    }

    /// A JPEG of the test camera at `size` (`320x180`), taken by `camsched snapshot`.
    static func picture(_ dir: TemporaryDirectory, size: String) throws -> URL {
        let file = dir.file("frame-\(size).jpg")
        let taken = try CamschedBinary.run(["snapshot", "--device", "test:?size=\(size)", "-o", file.path])
        try #require(taken.status == 0, "\(taken.stderr)")
        return file
    }

    static let script = #"""
        import socketserver, sys, threading, time
        mode = sys.argv[1]
        pictures = [open(path, "rb").read() for path in sys.argv[2:]]
        lock = threading.Lock()
        count = [0]
        def say(text):
            with lock:
                print(text, flush=True)
        def part(jpeg):
            return b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n" % len(jpeg) + jpeg + b"\r\n"
        HEAD = b"HTTP/1.0 200 OK\r\nContent-Type: multipart/x-mixed-replace; boundary=frame\r\n\r\n"
        RTSP = b"RTSP/1.0 200 OK\r\nCSeq: 1\r\nPublic: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN\r\n\r\n"
        class Camera(socketserver.StreamRequestHandler):
            def trickle(self, data, number):
                say("trickle %d" % number)
                for byte in data:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.5)
            def frames(self, jpeg, seconds):
                end = time.monotonic() + seconds
                while time.monotonic() < end:
                    self.wfile.write(part(jpeg))
                    self.wfile.flush()
                    time.sleep(0.1)
            def handle(self):
                with lock:
                    count[0] += 1
                    number = count[0]
                request = self.rfile.readline()
                say("connection %d" % number)
                try:
                    if mode == "head":
                        self.trickle(RTSP if b"RTSP/" in request else HEAD, number)
                        return
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    if mode in ("stall", "pause") and number > 1:
                        return
                    self.wfile.write(HEAD)
                    if mode == "body":
                        self.trickle(part(pictures[0]), number)
                    elif mode == "stall":
                        self.frames(pictures[0], 1.5)
                        self.trickle(part(pictures[0]) * 100, number)
                    elif mode == "pause":
                        self.frames(pictures[0], 1.5)
                        time.sleep(2.5)
                        self.wfile.write(part(pictures[0]))
                        self.wfile.flush()
                        say("paused %d" % number)
                    elif mode == "resize" and number == 1:
                        self.frames(pictures[0], 1.5)
                    elif mode == "resize":
                        self.frames(pictures[1], 3600)
                except OSError:
                    pass
        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True
        server = Server(("127.0.0.1", 0), Camera)
        say("listening %d" % server.server_address[1])
        server.serve_forever()
        """#
}
