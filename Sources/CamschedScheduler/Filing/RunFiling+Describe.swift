import CamschedFiling
import CamschedJobs
import Foundation

extension RunFiling {
    /// Describes a file under its final name, for stills and videos alike: writes the sidecar
    /// (into `slot`, the room reserved with the file, when there is one) and hands the catalog
    /// row over, then updates the `latest` link. Returns the sidecar's location (`.some(nil)`
    /// when sidecars are off), or nil when the file could not be described (the disk filled
    /// up, say): it is then put back as `NAME.EXT.partial`, so that no file sits under a final
    /// name without a description, and the next start recovers it. The catalog row goes to the
    /// run's ``CatalogWriter``: the file stays filed whatever becomes of it, and a row that
    /// cannot be written is added from the sidecar by the next start.
    func describe(_ location: FiledLocation, sidecar: Sidecar, slot: SidecarSlot? = nil) -> URL?? {
        do {
            if job.output.sidecar { try sidecar.write(to: location.sidecarURL, slot: slot) } else { slot?.release() }
        } catch {
            try? FileManager.default.removeItem(at: location.sidecarURL)
            let partial = location.url.path + ".partial"
            if rename(location.url.path, partial) != 0 { try? FileManager.default.removeItem(at: location.url) }
            failed(error, message: "could not describe \(location.relativePath) (\(error)); kept as a partial file for the next start to recover")
            return nil
        }
        announce(location, sidecar: sidecar)
        return .some(job.output.sidecar ? location.sidecarURL : nil)
    }

    /// Hands a described file's row over and updates the `latest` link: for a file on disk
    /// under its final name, with its sidecar (when sidecars are on).
    func announce(_ location: FiledLocation, sidecar: Sidecar) {
        // The row is handed to the run's catalog writer and never waited for: a locked, full or
        // damaged catalog delays the row, never the file (the sidecar is the truth).
        catalogWriter?.enqueue(.record(sidecar))
        if job.output.latest {
            do { _ = try LatestLink.update(folder: latestFolder(), target: location.url) } catch {
                publish(.warning("could not update the latest link: \(error)"))
            }
        }
    }

    /// The job's folder under root: the first component of the template when it is `{job}`,
    /// else the root.
    func latestFolder() -> URL {
        if job.output.path.hasPrefix("{job}/") { return root.appendingPathComponent(job.name) }
        return root
    }

    /// The latest link's path under root without extension: `JOB/latest` or `latest`.
    static func latestName(of job: Job) -> String {
        (job.output.path.hasPrefix("{job}/") ? job.name + "/" : "") + "latest"
    }
}
