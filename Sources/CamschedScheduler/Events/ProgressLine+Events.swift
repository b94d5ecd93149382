/// The progress line follows the run's events: its start, the capture mode's plan and measured
/// rate, the captures done and the pressure with the rate in force.
extension ProgressLine: RunEventSubscriber {
    package func receive(_ event: TimedRunEvent) {
        switch event.event {
        case .started:
            update { $0.started = event.time }
        case let .planned(plan):
            update {
                $0.total = plan.captures
                $0.expectedEnd = plan.endsAt
                $0.fpsTarget = plan.fps
            }
        case let .rate(rate):
            update {
                $0.fpsActual = rate.fps
                $0.dropped = rate.droppedFrames
            }
        case .captured:
            update { $0.done += 1 }
        case let .pressureChanged(p):
            update {
                $0.pressure = p.level.rawValue
                if let fps = p.fps { $0.fpsTarget = fps }
            }
        case .segmentFiled, .trigger, .interrupted, .resumed, .skipped, .warning, .error, .done:
            break
        }
    }
}
