import CamschedCore
import Dispatch
import Foundation
import Glibc
import Logging
import Synchronization

/// One hook run's stdout and stderr: two pipes, read on a thread of their own and logged line
/// by line, each line prefixed with the hook and the job (`hook onFile[garden]: …`), stdout at
/// info and stderr at warning, within a ``HookOutputLimit``. Past the limit the pipes are still
/// read and what comes is discarded, so a hook that prints without end never stalls on a full
/// pipe; one line at the end says how many bytes were not shown.
final class HookOutputCapture: Sendable {
    /// The pipes' write ends, which become the hook's descriptors 1 and 2.
    let writeEnds: (output: CInt, error: CInt)
    private let readEnds: [CInt]
    private let prefix: String
    private let limit: HookOutputLimit
    private let logger: Logger
    /// The hook was reaped: read what is in the pipes now, then stop (a process the hook left
    /// behind may hold them open).
    private let stopping = Atomic(false)
    private let done = DispatchSemaphore(value: 0)

    /// How many more reads, after the hook ended, take what it left in the pipes.
    static let readsAfterEnd = 64

    private init(readEnds: [CInt], writeEnds: (CInt, CInt), prefix: String, limit: HookOutputLimit, logger: Logger) {
        self.readEnds = readEnds
        self.writeEnds = writeEnds
        self.prefix = prefix
        self.limit = limit
        self.logger = logger
    }

    /// Makes the pipes (close-on-exec; the read ends non-blocking). Glibc's module has no
    /// `pipe2`, so the caller holds ``HookRunner``'s spawn lock: no other hook is spawned
    /// between `pipe` and `fcntl`, which would inherit these ends.
    /// - Returns: `nil` when a pipe cannot be made (logged; the hook's output then goes to `/dev/null`).
    /// The corresponding C calls are `pipe` and `fcntl`.
    static func open(prefix: String, limit: HookOutputLimit, logger: Logger) -> HookOutputCapture? {
        var output: [CInt] = [-1, -1]
        var error: [CInt] = [-1, -1]
        guard pipe(&output) == 0 else {
            logger.warning("\(prefix): output not shown: pipe: \(String(cString: strerror(errno)))")
            return nil
        }
        guard pipe(&error) == 0 else {
            logger.warning("\(prefix): output not shown: pipe: \(String(cString: strerror(errno)))")
            Glibc.close(output[0])
            Glibc.close(output[1])
            return nil
        }
        for descriptor in output + error {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        for descriptor in [output[0], error[0]] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return HookOutputCapture(readEnds: [output[0], error[0]], writeEnds: (output[1], error[1]),
                                 prefix: prefix, limit: limit, logger: logger)
    }

    /// The hook runs: closes the write ends here (the hook holds its own) and starts reading.
    func start() {
        Glibc.close(writeEnds.output)
        Glibc.close(writeEnds.error)
        let reader = Thread { [self] in
            readUntilEnd()
            done.signal()
        }
        reader.name = "camsched hook output"
        reader.start()
    }

    /// The hook could not be started: closes all four ends.
    func cancel() {
        for descriptor in readEnds + [writeEnds.output, writeEnds.error] { Glibc.close(descriptor) }
    }

    /// The hook was reaped: returns once what it wrote has been read and logged.
    func finish() {
        stopping.store(true, ordering: .releasing)
        done.wait()
    }

    private func readUntilEnd() {
        var filter = HookOutputFilter(limit: limit)
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var polls = readEnds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var readsLeft = Self.readsAfterEnd
        while open.contains(true), readsLeft > 0 {
            let ending = stopping.load(ordering: .acquiring)
            for index in polls.indices {
                polls[index].fd = open[index] ? readEnds[index] : -1
                polls[index].revents = 0
            }
            // A short wait, so that the end of the hook is noticed soon when something it left holds the pipes.
            let ready = (try? SystemCall.valueOrErrno { poll(&polls, nfds_t(polls.count), ending ? 0 : 50) }.get()) ?? 0
            if ready <= 0 {
                if ending { break }
                continue
            }
            if ending { readsLeft -= 1 }
            for index in polls.indices where open[index] && polls[index].revents != 0 {
                switch SystemCall.valueOrErrno({ buffer.withUnsafeMutableBytes { read(readEnds[index], $0.baseAddress, $0.count) } }) {
                case let .success(count) where count > 0:
                    log(filter.add(buffer[0..<count], from: HookOutputFilter.Stream(rawValue: index) ?? .standardError))
                case let .failure(errno) where SystemCall.isWouldBlock(errno): break
                default: open[index] = false
                }
            }
        }
        log(filter.end())
        if filter.discardedBytes > 0 {
            logger.warning("\(prefix): … output truncated (\(filter.discardedBytes) bytes more)")
        }
        for descriptor in readEnds { Glibc.close(descriptor) }
    }

    private func log(_ lines: [HookOutputFilter.Line]) {
        for line in lines {
            switch line.stream {
            case .standardOutput: logger.info("\(prefix): \(line.text)")
            case .standardError: logger.warning("\(prefix): \(line.text)")
            }
        }
    }
}
