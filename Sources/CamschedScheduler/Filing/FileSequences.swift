import CamschedFiling
import Synchronization

/// The `{seq}` numbers of one run, one sequence per kind of file: a recording's segments are
/// 1, 2, 3…, the stills taken during it (`stillsEvery`) 1, 2, 3… in their own sequence, a
/// trigger job's clips and its stills each likewise. So a gap in one kind's numbers always
/// means a file of that kind is missing, never that another kind took the number.
///
/// A number is taken when a file is reserved under its name; a file that is then never filed
/// (its encoder could not start, the disk was full) gives it back, so the next file of that
/// kind takes it again.
final class FileSequences: Sendable {
    private let last = Mutex<[FileKind: Int]>([:])

    init() {}

    /// The next number (from 1) for a file of `kind`.
    func take(_ kind: FileKind) -> Int {
        last.withLock { last in
            let next = (last[kind] ?? 0) + 1
            last[kind] = next
            return next
        }
    }

    /// Gives back `seq`, taken for a file of `kind` that was not filed. Only the newest number
    /// of a kind can be given back: one taken after it already names a file.
    func giveBack(_ seq: Int, _ kind: FileKind) {
        last.withLock { last in
            if last[kind] == seq { last[kind] = seq - 1 }
        }
    }
}
