/// What `camsched daemon` does about fire times that passed while it was off or busy.
package enum MissedFirePolicy: String, Sendable, Equatable, CaseIterable {
    /// Forget them; wait for the next fire time.
    case skip
    /// Run once as soon as possible, however many were missed.
    case once
}
