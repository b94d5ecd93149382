import CamschedFiling
import Foundation

/// A file a run has reserved but not filed yet: its partial file under the name the path
/// template gave it, and the `{seq}` number that name took (given back if it is abandoned).
struct FileReservation: Sendable {
    let partial: PartialFile
    let kind: FileKind
    let seq: Int

    /// Where the file is written until it is committed.
    var url: URL { partial.url }
}
