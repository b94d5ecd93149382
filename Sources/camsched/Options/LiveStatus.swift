import ArgumentParser
import CamschedScheduler
import CamschedStatus
import Foundation
import Logging

/// The status server of one `run` or `daemon` process: the board its runs feed, and the
/// server serving it beside the capture.
struct LiveStatus: Sendable {
    let board: StatusBoard
    let server: StatusServer

    /// The status server `--listen` asks for, nil without it. A bad address, a missing or
    /// readable token file, or a non-loopback address without a token ends the process with
    /// exit code 2 before anything is captured.
    static func make(_ options: StatusOptions, control: @escaping @Sendable (StatusBoard) -> StatusControl) -> LiveStatus? {
        guard let listen = options.listen else { return nil }
        do {
            let address = try ListenAddress(parsing: listen)
            let token = try options.tokenFile.map { path throws(StatusServerError) in try BearerToken.load(path: path) }
            let exposition = PrometheusExposition()
            exposition.bootstrap()
            let board = StatusBoard(metrics: StatusMetrics(factory: exposition.factory))
            let server = try StatusServer(address: address, token: token, board: board, control: control(board),
                                          exposition: exposition, logger: Logger(label: "camsched.status"))
            return LiveStatus(board: board, server: server)
        } catch {
            Terminal.error(error.description)
            Foundation.exit(RunExitCode.invalidInput.rawValue)
        }
    }

    /// Starts the server, waits until it listens (exit 2 when it cannot), runs `body`, and
    /// stops the server when `body` returns.
    func serve<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
        let server = self.server
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
