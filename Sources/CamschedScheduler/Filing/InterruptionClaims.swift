import CamschedFiling
import Foundation
import Synchronization

/// Which of a run's camera losses each file lists: a file's `interruptions` are the gaps that
/// came right before it — lost after the previous file of its kind began and before its own
/// first frame — so a recording of many segments lists each gap once, in the file it split off,
/// not again in every later file.
///
/// Files of one kind are described in the order they were taken (segments on the finisher's
/// queue, stills on the capture thread), so each kind keeps its own place in the run's list.
final class InterruptionClaims: Sendable {
    private let listed = Mutex<[FileKind: Int]>([:])

    /// The losses of `log` (the run's, in order) not yet listed by a file of `kind` that began
    /// before `start`; they count as listed from now on.
    func take(from log: [SidecarInterruption], kind: FileKind, before start: Date) -> [SidecarInterruption] {
        listed.withLock { listed in
            let first = min(listed[kind] ?? 0, log.count)
            let end = log[first...].firstIndex { $0.at >= start } ?? log.count
            listed[kind] = end
            return Array(log[first..<end])
        }
    }
}
