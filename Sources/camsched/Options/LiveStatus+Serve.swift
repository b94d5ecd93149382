import CamschedCore
import CamschedScheduler
import CamschedStatus
import Foundation
import Logging

extension LiveStatus {
    /// Starts the server (waiting until it listens; exit 2 when it cannot) and the metrics
    /// file's writer, runs `body`, then stops the server and writes the metrics file once more.
    func serve<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
        await withTaskGroup(of: Void.self) { group in
            if let metricsFile {
                group.addTask { [self] in
                    var problem: String?
                    await Periodic.run(every: MetricsFile.period, waitingFirst: true) {
                        await writeMetrics(to: metricsFile, lastProblem: &problem)
                    }
                    // Cancelled once `body` has returned: the file once more, with the final counts.
                    await writeMetrics(to: metricsFile, lastProblem: &problem)
                }
            }
            let value = if let server { await Self.serve(server, body) } else { await body() }
            group.cancelAll()
            await group.waitForAll()
            return value
        }
    }

    /// Brings the frame counters and free space up to date and writes the file; a failed write
    /// is a warning (the previous file, or whatever is at the path, stays as it is) and capture
    /// goes on. A problem is logged when it changes, not at every write; `lastProblem` carries
    /// the one logged last (nil once a write worked again).
    func writeMetrics(to file: MetricsFile, lastProblem: inout String?) async {
        board.refresh()
        board.recordFreeSpace(roots: await control.jobs().map(\.root.path))
        do {
            try file.write(exposition.text())
            if lastProblem != nil { Logger(label: "camsched.status").notice("--metrics-file \(file.path) written again") }
            lastProblem = nil
        } catch {
            if error.description != lastProblem { Logger(label: "camsched.status").warning("\(error.description)") }
            lastProblem = error.description
        }
    }

    private static func serve<T: Sendable>(_ server: StatusServer, _ body: @escaping @Sendable () async -> T) async -> T {
        let (ready, readyContinuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let (done, doneContinuation) = AsyncStream.makeStream(of: Void.self)
        return await withTaskGroup(of: T?.self) { group in
            group.addTask {
                do {
                    try await server.run(onListening: { port in readyContinuation.yield(.success(port)) },
                                         until: { for await _ in done {} })
                } catch {
                    readyContinuation.yield(.failure(error))
                }
                return nil
            }
            for await outcome in ready {
                switch outcome {
                case let .success(port):
                    Logger(label: "camsched.status").notice(
                        "live status on http://\(ListenAddress(host: server.address.host, port: port))/")
                case let .failure(error):
                    Terminal.error("\(error)")
                    Foundation.exit(RunExitCode.invalidInput.rawValue)
                }
                break
            }
            let value = await body()
            doneContinuation.finish()
            await group.waitForAll()
            return value
        }
    }
}
