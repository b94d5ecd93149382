import CamschedFiling
import CamschedMedia
import Foundation

/// Files a time-lapse video made from a run's stills when the run ends (`assemble`), with a
/// sidecar like every other file's: format, frame rates, times and encoder. With `deflicker`
/// the video's brightness is evened out over a sliding window (the stills stay as filed).
struct AssembleStep {
    let filing: RunFiling
    let fps: Double
    var deflicker = false

    func run(stills: [FiledLocation]) {
        let started = filing.clock.now()
        do throws(FilingError) {
            let file = try filing.reserve(.timelapse, date: started, device: "timelapse", extension: "mp4", reservingSidecar: false)
            let stats: TimelapseStats
            do {
                stats = try TimelapseAssembler.assemble(images: stills.map(\.url), fps: fps, output: file.url, deflicker: deflicker,
                                                       faststart: filing.job.output.faststart)
            } catch {
                filing.abandon(file)
                filing.publish(.error("could not assemble the time-lapse: \(error)"))
                return
            }
            let location = try filing.commit(file)
            var sidecar = SidecarBuilder(filing: filing, info: nil)
                .sidecar(kind: .timelapse, location: location, startedAt: started, endedAt: filing.clock.now())
            sidecar.format = SidecarFormat(pixelFormat: "YU12", width: stats.width, height: stats.height)
            sidecar.frames = stats.frames
            sidecar.droppedFrames = 0
            sidecar.fps = SidecarFrameRate(requested: fps, actual: fps)
            sidecar.encoder = SidecarEncoder(name: stats.encoderName, codec: "h264")
            guard let described = filing.describe(location, sidecar: sidecar) else { return }
            filing.publish(.segmentFiled(RunEvent.Segment(
                location: location, sidecar: described, kind: .timelapse, index: nil, frames: stats.frames, droppedFrames: 0,
                durationSeconds: Double(stats.frames) / fps, encoder: stats.encoderName, truncated: nil)))
        } catch {
            filing.failed(error, message: "could not file the time-lapse: \(error)")
        }
    }
}
