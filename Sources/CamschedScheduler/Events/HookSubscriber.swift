import CamschedFiling
import CamschedJobs
import Foundation

/// Starts the job's hooks from the run's events: `onFile` for every filed file,
/// `onCameraLost` when the camera goes away, `onEvent` for each event of a trigger job, `onRunEnd` when the run is done. Hooks are
/// started, never waited for: they cannot stop or delay capture.
struct HookSubscriber: RunEventSubscriber {
    let hooks: HooksSpec
    let runner: HookRunner
    let job: String
    let run: String
    /// The run is a rehearsal: its hooks get `CAMSCHED_REHEARSAL=1`.
    var rehearsal = false

    func receive(_ event: TimedRunEvent) {
        switch event.event {
        case let .captured(still):
            fileHook(still.location, sidecar: still.sidecar, kind: still.kind)
        case let .segmentFiled(segment):
            fileHook(segment.location, sidecar: segment.sidecar, kind: segment.kind)
        case let .trigger(trigger):
            if let hook = hooks.onEvent {
                _ = runner.start(hook, event: .event, context: context(kind: trigger.kind.rawValue))
            }
        case .interrupted:
            if let hook = hooks.onCameraLost {
                _ = runner.start(hook, event: .cameraLost, context: context())
            }
        case let .done(summary):
            if let hook = hooks.onRunEnd {
                let last = summary.files.last
                _ = runner.start(hook, event: .runEnd, context: context(file: last))
            }
        default:
            break
        }
    }

    private func fileHook(_ location: FiledLocation, sidecar: URL?, kind: FileKind) {
        guard let hook = hooks.onFile else { return }
        _ = runner.start(hook, event: .file, context: context(file: location.url.path, sidecar: sidecar?.path, kind: kind.rawValue))
    }

    private func context(file: String? = nil, sidecar: String? = nil, kind: String? = nil) -> HookContext {
        var context = HookContext(job: job, run: run, file: file, sidecar: sidecar, kind: kind)
        context.rehearsal = rehearsal
        return context
    }
}
