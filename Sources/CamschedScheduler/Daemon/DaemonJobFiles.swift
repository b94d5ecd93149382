import CamschedJobs
import Foundation
import Logging

/// The job files of `camsched daemon` and loading them — at start and at each SIGHUP.
///
/// A reload keeps the previous version of a job whose file no longer loads (an editor saving
/// half a file, a typo): dropping it would silently stop a schedule that was working. The
/// problem is logged with the file and the kept version is used until the file is fixed and
/// the daemon reloaded again. A file that was removed, or that is valid but has no
/// `schedule` any more, drops its job.
package enum DaemonJobFiles {
    /// What one load found.
    package struct Load: Sendable {
        /// The jobs to schedule, in file order.
        package var jobs: [Job] = []
        /// Files that did not load (each logged).
        package var problems = 0
        /// Files that did not load but whose previous version is kept.
        package var kept: [URL] = []
    }

    /// The job files named by `paths`: files as given, folders as their `*.json` files by name.
    package static func files(_ paths: [String]) -> [URL] {
        var urls: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                urls += names.filter { $0.hasSuffix(".json") }.sorted().map { url.appendingPathComponent($0) }
            } else {
                urls.append(url)
            }
        }
        return urls
    }

    /// Loads the job files of `paths`.
    /// - Parameter previous: the jobs scheduled now, by file path: a file that fails to load
    ///   keeps its entry here.
    package static func load(_ paths: [String], previous: [String: Job] = [:], logger: Logger) -> Load {
        var load = Load()
        for url in files(paths) {
            do {
                let job = try JobLoader.load(contentsOf: url)
                if job.schedule == nil {
                    logger.warning("\(url.path): no \"schedule\"; the daemon ignores it (use `camsched run` for it)")
                    continue
                }
                load.jobs.append(job)
            } catch {
                load.problems += 1
                if let old = previous[url.path] {
                    logger.error("\(error)")
                    logger.warning("\(url.path) is invalid now; keeping the previous version of job \(old.name) until it is fixed and the daemon reloaded (SIGHUP)")
                    load.jobs.append(old)
                    load.kept.append(url)
                } else {
                    logger.error("\(error)")
                }
            }
        }
        return load
    }
}
