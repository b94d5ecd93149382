import CamschedFiling
import CamschedMedia
import Foundation

/// Files a time-lapse video made from a run's stills when the run ends (`assemble`).
struct AssembleStep {
    let context: RunContext
    let fps: Double

    func run(stills: [FiledLocation]) {
        let seq = context.nextSequence()
        let relative = context.relativePath(kind: .timelapse, seq: seq, date: Date(), device: "timelapse")
        let started = Date()
        do {
            let partial = try context.filer.reservePartial(relativePath: relative, extension: "mp4")
            let stats: TimelapseStats
            do {
                stats = try TimelapseAssembler.assemble(images: stills.map(\.url), fps: fps, output: partial.url)
            } catch {
                context.filer.abandon(partial)
                context.fail("could not assemble the time-lapse: \(error)")
                return
            }
            let location = try context.filer.commit(partial)
            var sidecar = Sidecar(job: context.job.name, run: context.runID, kind: .timelapse, file: location.relativePath,
                                  bytes: location.bytes, sha256: location.sha256, startedAt: started, endedAt: Date(),
                                  host: RunContext.hostName, camschedVersion: CamschedVersion.current)
            sidecar.frames = stats.frames
            sidecar.fps = Sidecar.FrameRate(requested: fps, actual: fps)
            sidecar.encoder = Sidecar.Encoder(name: stats.encoderName, codec: "h264")
            guard FilingSteps(context: context).complete(location: location, sidecar: sidecar, kind: .timelapse) else { return }
            context.withState { $0.segmentsFiled += 1 }
            context.emit("segment", ["file": location.relativePath, "kind": "timelapse", "frames": stats.frames,
                                     "bytes": location.bytes])
        } catch {
            context.fail("could not file the time-lapse: \(error)")
        }
    }
}
