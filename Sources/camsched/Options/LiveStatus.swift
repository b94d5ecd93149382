import ArgumentParser
import CamschedScheduler
import CamschedStatus
import Foundation
import Logging

/// The live status of one `run` or `daemon` process: the board its runs feed, the server
/// serving it beside the capture (`--listen`), and the metrics file (`--metrics-file`).
struct LiveStatus: Sendable {
    let board: StatusBoard
    let server: StatusServer?
    let metricsFile: MetricsFile?
    let exposition: PrometheusExposition
    let control: StatusControl

    /// The status `--listen` and `--metrics-file` ask for, nil without either. A bad address, a
    /// missing or readable token file, a non-loopback address without a token, or a metrics file
    /// that cannot be written ends the process with exit code 2 before anything is captured.
    /// - Parameter jobs: the jobs to show (at 0) from the start.
    static func make(_ options: StatusOptions, metrics: MetricsFileOptions, jobs: [String],
                     control: @escaping @Sendable (StatusBoard) -> StatusControl) -> LiveStatus? {
        let metricsPath = metrics.path
        guard options.listen != nil || metricsPath != nil else { return nil }
        do {
            let metricsFile = try metricsPath.map { path throws(MetricsFileError) in try MetricsFile(path: path) }
            let exposition = PrometheusExposition()
            exposition.bootstrap()
            let board = StatusBoard(metrics: StatusMetrics(factory: exposition.factory))
            board.register(jobs: jobs, carryingOver: metricsFile?.previous() ?? MetricsCarryOver())
            let control = control(board)
            var server: StatusServer?
            if let listen = options.listen {
                let address = try ListenAddress(parsing: listen)
                let token = try options.tokenFile.map { path throws(StatusServerError) in try BearerToken.load(path: path) }
                server = try StatusServer(address: address, token: token, board: board, control: control,
                                          exposition: exposition, logger: Logger(label: "camsched.status"))
            }
            // The first write shows at once whether the folder takes the file.
            try metricsFile?.write(exposition.text())
            if let metricsFile, !metricsFile.path.hasSuffix(".prom") {
                Logger(label: "camsched.status").warning("node_exporter's textfile collector reads only *.prom files, not \(metricsFile.path)")
            }
            return LiveStatus(board: board, server: server, metricsFile: metricsFile, exposition: exposition, control: control)
        } catch let error as MetricsFileError {
            fail(error.description)
        } catch let error as StatusServerError {
            fail(error.description)
        } catch {
            fail("\(error)")
        }
    }

    private static func fail(_ message: String) -> Never {
        Terminal.error(message)
        Foundation.exit(RunExitCode.invalidInput.rawValue)
    }
}
