@testable import CamschedScheduler
import Testing

/// What an external trigger is told for each kind of job, and that a reload's list replaces
/// the last one.
struct ExternalTriggersTests {
    @Test func eachKnownJobAnswersByItsKindAndARemovedJobIsUnknown() {
        let triggers = ExternalTriggers()
        triggers.declare(["feeder": .trigger(external: true), "motion-only": .trigger(external: false), "garden": .other])
        #expect(triggers.fire(job: "feeder") == .notRunning)
        #expect(triggers.fire(job: "motion-only") == .externalOff)
        #expect(triggers.fire(job: "garden") == .notATriggerJob)
        #expect(triggers.fire(job: "nobody") == .unknownJob)
        triggers.declare(["garden": .other])
        #expect(triggers.fire(job: "feeder") == .unknownJob, "a job a reload removed is unknown again")
        #expect(triggers.fire(job: "garden") == .notATriggerJob)
    }

    @Test func aRunningJobCountsEveryAcceptedEventOnce() {
        let triggers = ExternalTriggers()
        triggers.register(job: "feeder", external: true)
        #expect(triggers.fire(job: "feeder") == .accepted)
        #expect(triggers.fire(job: "feeder") == .accepted)
        #expect(triggers.take(job: "feeder") == 2)
        #expect(triggers.take(job: "feeder") == 0)
        triggers.unregister(job: "feeder")
        #expect(triggers.fire(job: "feeder") == .notRunning, "a job that ran is known")
    }
}
