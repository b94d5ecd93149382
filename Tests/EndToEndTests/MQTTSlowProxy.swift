import CamschedTestSupport
import Foundation

/// A TCP proxy in front of a broker that holds everything the broker sends for `delay` seconds
/// (a distant broker) and logs each MQTT packet in both directions, in the order the client
/// sent them and was handed the broker's: `c2b PUBLISH 7 topic payload`, `b2c PUBACK 7`,
/// `c2b DISCONNECT`. A broker-to-client packet is logged just before the client is given it.
final class MQTTSlowProxy {
    let port: Int
    let logFile: URL
    private let process: ChildProcess

    static let script = #"""
        import socket, sys, threading, time, queue
        port, broker, delay, path = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
        log, lock = open(path, "a", buffering=1), threading.Lock()
        NAMES = {1: "CONNECT", 2: "CONNACK", 8: "SUBSCRIBE", 9: "SUBACK", 12: "PINGREQ", 13: "PINGRESP", 14: "DISCONNECT"}

        def split(buf):
            out = []
            while True:
                length, shift, i = 0, 0, 1
                while i < len(buf) and buf[i] & 128:
                    length += (buf[i] & 127) << shift; shift += 7; i += 1
                if i >= len(buf): return out, buf
                length += buf[i] << shift; i += 1
                if len(buf) < i + length: return out, buf
                out.append((buf[0], buf[i:i + length])); buf = buf[i + length:]

        def describe(first, body):
            kind = first >> 4
            if kind == 3:
                qos, n = (first >> 1) & 3, int.from_bytes(body[:2], "big")
                rest = body[2 + n:]
                mid = int.from_bytes(rest[:2], "big") if qos else 0
                payload = rest[2:] if qos else rest
                return "PUBLISH %d %s %s" % (mid, body[2:2 + n].decode(), payload[:40].decode(errors="replace"))
            if kind == 4: return "PUBACK %d" % int.from_bytes(body[:2], "big")
            return NAMES.get(kind, str(kind))

        def forward(src, dst, tag, hold):
            pending, buf = queue.Queue(), b""
            def writer():
                while True:
                    due, data, packets = pending.get()
                    time.sleep(max(0, due - time.time()))
                    with lock:
                        for p in packets: log.write(tag + " " + describe(*p) + "\n")
                    try:
                        if data is None: dst.shutdown(socket.SHUT_WR); return
                        dst.sendall(data)
                    except OSError: return
            threading.Thread(target=writer, daemon=True).start()
            while True:
                try: data = src.recv(65536)
                except OSError: data = b""
                packets, buf = split(buf + data)
                pending.put((time.time() + hold, data or None, packets))
                if not data: return

        server = socket.socket(); server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", port)); server.listen(8)
        while True:
            client, _ = server.accept()
            upstream = socket.create_connection(("127.0.0.1", broker))
            threading.Thread(target=forward, args=(client, upstream, "c2b", 0), daemon=True).start()
            threading.Thread(target=forward, args=(upstream, client, "b2c", delay), daemon=True).start()
        """#

    init(broker: MosquittoBroker, delay: Double, dir: TemporaryDirectory) throws {
        port = try MosquittoBroker.freePort()
        logFile = dir.file("proxy-\(port).log")
        let script = try dir.write("mqtt-proxy.py", Self.script)
        process = try ProcessRunner.start("/usr/bin/python3", [script.path, "\(port)", "\(broker.port)", "\(delay)", logFile.path],
                                          stdout: dir.file("proxy.out"), stderr: dir.file("proxy.err"))
        guard Wait.until(seconds: 10, { MosquittoBroker.accepts(port: port) }) else {
            throw BrokerError(text: "the proxy did not listen on \(port)")
        }
    }

    deinit { if process.isRunning { process.terminate() } }

    var url: String { "mqtt://127.0.0.1:\(port)" }

    /// The packets logged so far, one per line.
    var lines: [String] {
        ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
