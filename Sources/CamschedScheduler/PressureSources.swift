import CamschedJobs
import Foundation

/// The pressure sources of a run: thermal zones, PSI, free space, the encoder, and an
/// external file when the job or `--pressure-from` names one.
struct PressureSources {
    var all: [any PressureSource]
    var lag: EncoderLagSource

    static func make(job: Job, root: URL, options: RunOptions) -> PressureSources {
        let lag = EncoderLagSource()
        var sources: [any PressureSource] = [
            ThermalPressureSource(sysRoot: options.sysRoot),
            PSIPressureSource(procRoot: options.procRoot),
            lag,
        ]
        if let minFree = job.retention.minFree { sources.append(DiskPressureSource(path: root.path, minFree: minFree)) }
        if let file = options.pressureFrom ?? job.pressureFrom { sources.append(FilePressureSource(path: file.path)) }
        return PressureSources(all: sources, lag: lag)
    }
}
