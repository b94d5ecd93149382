/// The progress line follows the run's events: captures done, pressure and the rate in force.
extension ProgressLine: RunEventSubscriber {
    public func receive(_ event: TimedRunEvent) {
        switch event.event {
        case .captured:
            update { $0.done += 1 }
        case let .pressureChanged(p):
            update {
                $0.pressure = p.level.rawValue
                if let fps = p.fps { $0.fpsTarget = fps }
            }
        default:
            break
        }
    }
}
