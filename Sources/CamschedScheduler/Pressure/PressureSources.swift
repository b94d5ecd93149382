import CamschedJobs
import Foundation

/// The pressure sources of a run: thermal zones, PSI, free space, the encoder, and an
/// external file when the job or `--pressure-from` names one.
struct PressureSources {
    var all: [any PressureSource]
    var lag: EncoderLagSource

    static func make(job: Job, root: URL, options: RunOptions) -> PressureSources {
        let lag = EncoderLagSource()
        let wanted = options.pressureSources
        func on(_ name: String) -> Bool { wanted?.contains(name) ?? true }
        var sources: [any PressureSource] = []
        if on("thermal") { sources.append(ThermalPressureSource(sysRoot: options.sysRoot)) }
        if on("psi"), let own = PSIPressureSource.ownCgroup(procRoot: options.procRoot, sysRoot: options.sysRoot) {
            sources.append(own)
        }
        // The whole host's PSI only when asked for: another program's load is not camsched's.
        if wanted?.contains("psi-host") == true { sources.append(PSIPressureSource(procRoot: options.procRoot)) }
        if on("encoder") { sources.append(lag) }
        if on("disk"), let minFree = job.retention.minFree { sources.append(DiskPressureSource(path: root.path, minFree: minFree)) }
        if on("file"), let file = options.pressureFrom ?? job.pressureFrom { sources.append(FilePressureSource(path: file.path)) }
        return PressureSources(all: sources, lag: lag)
    }
}
