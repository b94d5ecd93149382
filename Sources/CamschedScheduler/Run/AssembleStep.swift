import CamschedFiling
import CamschedMedia
import Foundation

/// Files a time-lapse video made from a run's stills when the run ends (`assemble`), with a
/// sidecar like every other file's: format, frame rates, times and encoder.
struct AssembleStep {
    let context: RunContext
    let fps: Double

    func run(stills: [FiledLocation]) {
        let seq = context.sequences.take(.timelapse)
        let started = context.clock.now()
        let relative = context.relativePath(kind: .timelapse, seq: seq, date: started, device: "timelapse")
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
            var sidecar = SidecarBuilder(context: context, info: nil)
                .sidecar(kind: .timelapse, location: location, startedAt: started, endedAt: context.clock.now())
            sidecar.format = Sidecar.Format(pixelFormat: "YU12", width: stats.width, height: stats.height)
            sidecar.frames = stats.frames
            sidecar.droppedFrames = 0
            sidecar.fps = Sidecar.FrameRate(requested: fps, actual: fps)
            sidecar.encoder = Sidecar.Encoder(name: stats.encoderName, codec: "h264")
            guard let described = FilingSteps(context: context).complete(location: location, sidecar: sidecar) else { return }
            context.publish(.segmentFiled(RunEvent.Segment(
                location: location, sidecar: described, kind: .timelapse, index: nil, frames: stats.frames, droppedFrames: 0,
                durationSeconds: Double(stats.frames) / fps, encoder: stats.encoderName, truncated: nil)))
        } catch {
            context.fail("could not file the time-lapse: \(error)")
        }
    }
}
