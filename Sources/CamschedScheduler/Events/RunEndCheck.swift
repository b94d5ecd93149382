/// A run event subscriber with a last say in how a run ended: asked once, after the capture and
/// before the `done` event, for a failure that came from outside the run's events — an MQTT
/// broker that refused the job's login (its connection says so in the log; the run fails for
/// it, as the user asked for MQTT and it cannot work).
package protocol RunEndCheck: RunEventSubscriber {
    /// The failure to add to the run's (its `done` event's `failures`; the run exits 1), nil
    /// when there is none. May wait briefly, a second or two at most.
    func failureAtRunEnd() -> String?
}
