import Foundation

/// Tells systemd what a run is doing (`STATUS=` lines that `systemctl status` shows): started,
/// waiting for its camera, files filed, done.
package struct SystemdStatusSubscriber: RunEventSubscriber {
    let notifier: SystemdNotifier
    let job: String

    package init(notifier: SystemdNotifier, job: String) {
        self.notifier = notifier
        self.job = job
    }

    package func receive(_ event: TimedRunEvent) {
        guard notifier.isEnabled, let status = Self.status(of: event.event, job: job) else { return }
        notifier.notify("STATUS=\(status)")
    }

    static func status(of event: RunEvent, job: String) -> String? {
        switch event {
        case .started: return "\(job): running"
        case .interrupted: return "\(job): waiting for the camera"
        case .resumed: return "\(job): running (camera back)"
        case let .segmentFiled(segment): return "\(job): filed \(segment.location.relativePath)"
        case let .captured(still): return "\(job): filed \(still.location.relativePath)"
        case let .done(summary): return "\(job): \(summary.status.rawValue), \(summary.filesTotal) file(s)"
        default: return nil
        }
    }
}
