import CamschedCore
import CamschedJobs
import Foundation

extension Rehearsal {
    /// What the rehearsal of `job` on `devices` cannot do, with the fix; nil when it can run.
    ///
    /// `--speed` other than 1 is for time-lapses (`interval`): a recording's, a burst's or a
    /// trigger job's frames are the camera's real frames at its real rate, and a video of them
    /// stamped on a faster clock would be neither. A camera on its own virtual clock (`pace=fast`)
    /// cannot follow the simulated one, and a day scene given its own clock in the URI would show
    /// another sun than the run's.
    package func problem(job: Job, devices: [String], baseDirectory: URL?) -> String? {
        if speed != 1, job.capture.kind != .interval {
            return "--speed applies to interval (time-lapse) jobs only: a \(job.capture.kind.rawValue) job's frames come at the camera's real rate; rehearse it at real speed with --at alone"
        }
        for text in devices {
            guard let uri = try? DeviceURI(parsing: text, baseDirectory: baseDirectory) else { continue }
            let fast: Bool
            switch uri {
            case let .test(options): fast = options.fastPace
            case let .file(_, options): fast = options.fastPace
            default: fast = false
            }
            if fast {
                return "\(text): pace=fast runs the camera on its own virtual clock, which a rehearsal cannot drive; drop pace=fast (the rehearsal's clock paces the run)"
            }
            switch uri {
            case let .test(options) where options.dayScene?.setsClock ?? false:
                return "\(text): start= and timeScale= give the day scene its own clock; drop them: --at and --speed drive the scene's clock in a rehearsal"
            default:
                continue
            }
        }
        return nil
    }

    /// A warning for `devices` that film the real world: they show the light of now, not of the
    /// simulated time; nil when every device is a `test:` or `file:` camera.
    package func realCameraWarning(devices: [String], baseDirectory: URL?) -> String? {
        let real = devices.filter { text in
            (try? DeviceURI(parsing: text, baseDirectory: baseDirectory))?.kind.capabilities.filmsTheWorld ?? true
        }
        guard let first = real.first else { return nil }
        return "rehearsing on a real camera (\(first)): it shows the light of now, not of the simulated time, and an exposure ramp follows what it sees; use --device 'test:?scene=day' to rehearse the light too"
    }

    /// The job as the rehearsal runs it: an interval's `keepOpen: "auto"` decided on the real
    /// time between shots (a shot every 5 simulated minutes at `--speed 600` is a shot every
    /// half second: the camera stays open, as it would for such a job in real time).
    package func prepared(_ job: Job) -> Job {
        guard case var .interval(spec) = job.capture, spec.keepOpen == .auto else { return job }
        spec.keepOpen = spec.every.secondsValue / speed < 30 ? .always : .never
        var prepared = job
        prepared.capture = .interval(spec)
        return prepared
    }
}
