import Foundation

extension IntervalSpec {
    /// The interval a run takes in `window`: no `from` any more (the run starts when the window
    /// opens) and a fixed `until` at the window's end; `count` and `duration` as they were.
    package func resolved(to window: IntervalWindow) -> IntervalSpec {
        var spec = self
        spec.from = nil
        spec.until = window.closes.map(IntervalBound.time)
        return spec
    }
}
