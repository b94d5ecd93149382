"""The slow-client load on the status server (issue 26), for the soak: clients that send a
request head a byte a second (slow loris, connecting again when closed), bursts of idle
connections, and one normal client whose answers are timed."""
import resource, select, socket, statistics, threading, time


def _connect(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    try:
        s.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    return s


def _closed(s):
    """The server closed it (end of stream or reset); anything it answered is read and dropped."""
    try:
        return s.recv(4096, socket.MSG_DONTWAIT) == b""
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True


class SlowClientLoad:
    """`slow` slow-loris clients, a burst of `idle` idle connections every `burst_every` s (held
    `burst_hold` s), and a normal `GET /api/status` every 0.5 s, until `stop()`."""

    def __init__(self, port, slow=80, idle=1000, burst_every=10, burst_hold=5):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = slow + idle + 256
        if soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, want), hard))
        self.port, self.slow, self.idle, self.burst_every, self.burst_hold = port, slow, idle, burst_every, burst_hold
        self.stopping = threading.Event()
        self.reconnects = 0
        self.latencies, self.failures = [], 0
        self.threads = [threading.Thread(target=fn, daemon=True) for fn in (self._slow, self._bursts, self._normal)]
        for t in self.threads:
            t.start()

    def _slow(self):
        head = f"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nX-Slow: ".encode()
        clients = [[_connect(self.port), 0] for _ in range(self.slow)]
        while not self.stopping.wait(1):
            for c in clients:
                if _closed(c[0]):
                    c[0].close()
                    c[0], c[1] = _connect(self.port), 0
                    self.reconnects += 1
                    continue
                byte = head[c[1]:c[1] + 1] or b"a"
                try:
                    c[1] += c[0].send(byte, socket.MSG_DONTWAIT)
                except OSError:
                    pass
        for c in clients:
            c[0].close()

    def _bursts(self):
        while not self.stopping.wait(self.burst_every - self.burst_hold):
            held = [_connect(self.port) for _ in range(self.idle)]
            self.stopping.wait(self.burst_hold)
            for s in held:
                s.close()

    def _normal(self):
        request = f"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nConnection: close\r\n\r\n".encode()
        while not self.stopping.wait(0.5):
            began = time.time()
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=5) as s:
                    s.sendall(request)
                    reply = b""
                    while chunk := s.recv(65536):
                        reply += chunk
                if not reply.startswith(b"HTTP/1.1 200"):
                    raise OSError("not answered")
                self.latencies.append(time.time() - began)
            except OSError:
                self.failures += 1

    def stop(self):
        self.stopping.set()
        for t in self.threads:
            t.join()
        lat = sorted(self.latencies) or [0]
        return {"answered": len(self.latencies), "failed": self.failures, "reconnects": self.reconnects,
                "latency_median": statistics.median(lat), "latency_max": lat[-1],
                "slow": self.slow, "idle": self.idle, "burst_every": self.burst_every}
