import CamschedFiling
import CamschedJobs
import Foundation
import Logging

/// What a run needs before it touches a camera: its output root (created), its path template,
/// and how to open its catalog — with partial files a killed run left recovered first. The
/// catalog is opened (migrated, rebuilt when missing or damaged, killed runs marked) by the
/// run's catalog writer, on its own thread: none of that delays the first shot.
struct RunSetup {
    let root: URL
    let template: PathTemplate
    let openCatalog: (@Sendable () -> Catalog?)?
    /// The root's files as recovery's walk listed them, when it filed nothing (adoption uses
    /// them instead of walking the root again); nil otherwise.
    let rootFiles: [String]?

    static func prepare(job: Job, options: RunOptions, logger: Logger) -> Result<RunSetup, RunExitCode> {
        // A rehearsal never files among real files: beside the job's root unless --output says.
        let jobRoot = options.rehearsal == nil ? job.output.root : Rehearsal.defaultRoot(for: job.output.root)
        let root = (options.outputRoot ?? jobRoot).standardizedFileURL
        if root.path.utf8.count > JobLimits.outputRootBytes {
            // A job file's root is checked by validate; `--output` is checked here.
            logger.error("the output folder \(root.path) is \(root.path.utf8.count) bytes long; its catalog needs one of at most \(JobLimits.outputRootBytes) bytes (SQLite's limit for a database path): choose a shorter folder")
            return .failure(.invalidInput)
        }
        let template: PathTemplate
        do { template = try PathTemplate(parsing: job.output.path) } catch {
            logger.error("\(error)")
            return .failure(.invalidInput)
        }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            logger.error("cannot create the output folder \(root.path): \(error.localizedDescription)")
            return .failure(.runtimeFailure)
        }
        // Recovered files get sidecars; their rows come with the run's catalog writer, which
        // adopts files with a sidecar but no row first thing (nothing here waits on a locked catalog).
        let recovered = RecoveryStep(root: root, catalog: nil, logger: logger).run()
        // Capture never stops or waits because of the catalog: a damaged or missing one is
        // rebuilt from the sidecars, and without one the run still files (SPEC section 5).
        // A root that held no file when the run began (a new one) has nothing a missing catalog
        // lost: the catalog made there after the run's first still is no rebuild worth a warning.
        let emptyRoot = recovered.files?.isEmpty ?? false
        // A rehearsal's rows stay in its own catalog: the fleet's holds real files only.
        let feedsFleet = options.rehearsal == nil
        let openCatalog: (@Sendable () -> Catalog?)? = job.output.catalog ? { @Sendable () -> Catalog? in
            let catalog = Catalog.openOrRebuild(root: root, logger: logger, rootWasEmpty: emptyRoot).catalog
            if feedsFleet { FleetStep.start(job: job, catalog: catalog, logger: logger) }
            return catalog
        } : nil
        return .success(RunSetup(root: root, template: template, openCatalog: openCatalog,
                                 rootFiles: job.output.catalog ? recovered.files : nil))
    }
}

extension RunExitCode: Error {}
