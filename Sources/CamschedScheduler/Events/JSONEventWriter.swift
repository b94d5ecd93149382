import CamschedFiling
import Foundation

/// `--json`: every run event as one line on stdout, its ``RunEventDocument`` — the same
/// document MQTT publishes. The capture mode's plan and rate are for the progress line and
/// have no line.
package final class JSONEventWriter: RunEventSubscriber {
    private let output: StandardStream
    private let job: String

    /// - Parameters:
    ///   - job: the job's name, the `job` of every line.
    ///   - output: where the lines go; a reader that exits only ends the lines, never the run
    ///     (``StandardStream``).
    package init(job: String, output: StandardStream = .output) {
        self.job = job
        self.output = output
    }

    package func receive(_ event: TimedRunEvent) {
        guard let document = RunEventDocument(event, job: job) else { return }
        output.write(JSONDocument.line(document) + "\n")
    }
}
