import Foundation

/// Why a report could not be made; each says what to do instead.
package enum ReportError: Error, Equatable, CustomStringConvertible {
    /// The catalog has no run with this id.
    case unknownRun(id: String, root: String)
    /// The run is in the catalog but has no files there.
    case runWithoutFiles(id: String)
    /// A folder with no sidecars below it.
    case noSidecars(directory: String)
    /// A folder whose sidecars belong to several runs and no `--run` chose one.
    case severalRuns(directory: String, runs: [String])
    /// `--run` named a run that has no sidecar in the folder.
    case runNotInDirectory(id: String, directory: String, runs: [String])
    /// A contact sheet was asked of a run with no still or video.
    case noPictures(runID: String)
    /// The root has no catalog to look a run id up in.
    case noCatalog(root: String)
    /// The catalog could not be opened or read.
    case catalogUnreadable(root: String, message: String)
    /// The run id or folder given cannot be used as it is.
    case badSource(String)
    /// The report could not be written.
    case write(path: String, message: String)

    package var description: String {
        switch self {
        case let .unknownRun(id, root):
            return "no run \(id) in the catalog of \(root): `camsched catalog runs --root \(root)` lists the run ids, "
                + "or pass a folder of sidecars instead of a run id"
        case let .runWithoutFiles(id):
            return "run \(id) filed no files that are still catalogued: nothing to report"
        case let .noSidecars(directory):
            return "\(directory) holds no sidecars (NAME.EXT.json beside a filed file): pass the folder a job files into, "
                + "or a run id with --root"
        case let .severalRuns(directory, runs):
            return "\(directory) holds files of \(runs.count) runs (\(Self.list(runs))): choose one with --run ID"
        case let .runNotInDirectory(id, directory, runs):
            return "no sidecar of run \(id) in \(directory); its runs: \(Self.list(runs))"
        case let .noPictures(runID):
            return "run \(runID) has no still or video to put on a contact sheet; write the HTML report instead (-o FILE.html)"
        case let .noCatalog(root):
            return "\(root) has no catalog (catalog.sqlite): pass --root with the job's output root, "
                + "or a folder of sidecars instead of a run id"
        case let .catalogUnreadable(root, message):
            return "cannot read the catalog of \(root): \(message)"
        case let .badSource(message):
            return message
        case let .write(path, message):
            return "cannot write \(path): \(message)"
        }
    }

    /// Whether the input was wrong (exit 2) rather than the machine failing (exit 1).
    package var isInvalidInput: Bool {
        switch self {
        case .catalogUnreadable, .write: false
        default: true
        }
    }

    private static func list(_ runs: [String]) -> String {
        runs.count <= 6 ? runs.joined(separator: ", ") : runs.prefix(6).joined(separator: ", ") + ", …"
    }
}
