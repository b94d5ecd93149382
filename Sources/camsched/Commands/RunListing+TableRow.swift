import CamschedCore
import CamschedFiling

extension RunListing {
    /// The run as a line of `catalog runs` without `--json`: tab-separated node (fleet only), id,
    /// status, job, start, end, exit code, files, and the files still to send (when the root
    /// sends to a fleet catalog). The same listing `--json` prints, so both show one status.
    var tableRow: String {
        let ended = endedAt.map(RFC3339Timestamp.string(from:)) ?? "-"
        let exit = exitCode.map { "exit \($0)" } ?? "-"
        let fields = [node, id, status, job, RFC3339Timestamp.string(from: startedAt), ended, exit, "\(files) file(s)",
                      unsent.map { "\($0) unsent" }]
        return fields.compactMap(\.self).joined(separator: "\t")
    }
}
