import CamschedFiling
import CamschedMedia
import Foundation
import Logging

/// Recovers `*.partial` files a killed run left under a root: whatever plays of a video is
/// kept under its final name and catalogued with `"recovered": true`; a still that decodes
/// is kept; the rest is removed.
struct RecoveryStep {
    let root: URL
    let catalog: Catalog?
    let logger: Logger

    @discardableResult
    func run() -> RecoveryReport {
        let recovery = PartialRecovery(root: root, catalog: catalog, logger: logger, host: RunHost.name,
                                       camschedVersion: CamschedVersion.current, recover: MediaRecovery.recover)
        // What a crash in the middle of a remux left (its source partial is recovered again),
        // then the partial files, from one walk of the root.
        let report = recovery.runRemovingStaleIntermediates()
        for item in report.recovered { logger.notice("recovered \(item.relativePath) from a partial file") }
        return report
    }
}

/// The Media layer's recovery of a partial file: finish what plays of a movie (in place for
/// MP4, else by a remux beside it); keep a still that decodes.
package enum MediaRecovery {
    package static let recover: PartialRecovery.Recover = { partial, final in
        let ext = final.pathExtension.lowercased()
        if ["mp4", "mkv", "mov"].contains(ext) {
            // A remux goes beside the partial (the final name may be taken); filing moves
            // whichever file plays, the partial itself when it was finished in place.
            let remux = URL(fileURLWithPath: partial.path + ".remux." + ext)
            try? FileManager.default.removeItem(at: remux)
            guard let movie = try MovieRecovery.recover(partial: partial, to: remux) else { return nil }
            return RecoveredMedia(file: movie.output, frames: movie.frames, duration: .milliseconds(Int64(movie.durationSeconds * 1000)))
        }
        if ["jpg", "jpeg", "png", "webp"].contains(ext) {
            guard StillValidator.isComplete(imageAt: partial) else { return nil }
            return RecoveredMedia(file: partial, frames: 1)
        }
        return nil
    }
}
