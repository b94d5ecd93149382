import Foundation

/// The rows a catalog rebuilt from an output root gets: one per media file — from its
/// sidecar, or from probing the file when it has none (see ``FileProbe``) — and one per run
/// the sidecars name.
struct CatalogRebuild {
    /// The files' sidecars, oldest first.
    private(set) var sidecars: [Sidecar] = []
    /// How many rows came from sidecars.
    private(set) var fromSidecars = 0
    /// How many files were adopted by probing them.
    private(set) var adopted = 0
    /// The files adopted by probing (relative paths): their rows are marked adopted, out of
    /// reach of retention (see ``CatalogEntry/adopted``).
    private(set) var probed: Set<String> = []
    /// Problems worth a warning: unreadable files, sidecars that do not decode.
    private(set) var warnings: [String] = []

    /// Scans `root` (without following links; `*.partial` files are left to recovery).
    init(root: String) {
        let scan = RootScan(root: root)
        let names = Set(scan.files)
        for file in scan.files where Self.isCandidate(file) {
            if names.contains(file + ".json") {
                do {
                    var sidecar = try Sidecar.read(from: URL(fileURLWithPath: root + "/" + file + ".json"))
                    // The file's place now wins over what the sidecar says (a moved archive).
                    sidecar.file = file
                    sidecars.append(sidecar)
                    fromSidecars += 1
                    continue
                } catch {
                    warnings.append("\(file).json is not a readable sidecar (\(error)); adopting \(file) by probing it")
                }
            }
            do {
                guard var probed = try FileProbe.sidecar(relative: file, root: root) else { continue }
                // camsched's own file without its sidecar is filed as camsched's, under retention.
                if FileProbe.isOwn(probed) {
                    probed.recovered = true
                } else {
                    self.probed.insert(file)
                }
                sidecars.append(probed)
                adopted += 1
            } catch {
                warnings.append("cannot read \(file): \(error); it is not in the catalog")
            }
        }
        sidecars.sort { ($0.startedAt, $0.file) < ($1.startedAt, $1.file) }
    }

    /// Sidecars and the intermediates of recovery and remuxing are not media files of their own.
    static func isCandidate(_ file: String) -> Bool {
        let name = (file as NSString).lastPathComponent
        return !name.hasSuffix(".json") && !name.hasSuffix(".remux") && !name.hasSuffix(".recovering")
            && !name.contains(".partial.") && !name.hasPrefix("latest.")
    }

    /// The run rows: those of `old` (a previous catalog, when it could be read) as they were —
    /// but `interrupted`, ended at their last file, when still `running` with their process
    /// gone (``CatalogRuns/isAbandoned(_:host:)``) — and one for every other run id the sidecars
    /// name: `done`, or `interrupted` when a file of it was recovered from a partial file (its
    /// process was killed).
    func runs(keeping old: [CatalogRun]) -> [CatalogRun] {
        let lastEnds = Dictionary(sidecars.map { ($0.run, $0.endedAt) }, uniquingKeysWith: { max($0, $1) })
        let kept = old.map { run in
            guard CatalogRuns.isAbandoned(run) else { return run }
            var interrupted = run
            interrupted.status = .interrupted
            interrupted.endedAt = lastEnds[run.id]
            return interrupted
        }
        var runs = Dictionary(kept.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        runs.merge(Self.runs(of: sidecars.filter { runs[$0.run] == nil }).map { ($0.id, $0) }) { first, _ in first }
        return runs.values.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
    }

    /// A row for every run id `sidecars` name (not `unknown`), spanning their files: `done`,
    /// or `interrupted` when a file of it was recovered from a partial file. Oldest first.
    static func runs(of sidecars: [Sidecar]) -> [CatalogRun] {
        var rebuilt: [String: CatalogRun] = [:]
        for sidecar in sidecars where sidecar.run != FileProbe.unknown && !sidecar.run.isEmpty {
            var run = rebuilt[sidecar.run] ?? CatalogRun(
                id: sidecar.run, job: sidecar.job, startedAt: sidecar.startedAt, endedAt: sidecar.endedAt, status: .done,
                host: sidecar.host == FileProbe.unknown ? nil : sidecar.host)
            run.startedAt = min(run.startedAt, sidecar.startedAt)
            run.endedAt = max(run.endedAt ?? sidecar.endedAt, sidecar.endedAt)
            if sidecar.recovered == true { run.status = .interrupted }
            rebuilt[sidecar.run] = run
        }
        return rebuilt.values.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
    }
}
