import CamschedCore
import Foundation

/// Sound goes into movies: the codec must fit the container, and the camera must be one whose
/// microphone camsched can find.
extension JobRules {
    /// `codec: "pcm"` into an MP4 (players do not take it there).
    static func soundFitsTheContainer(_ job: JobSections, _ reader: JobReader) {
        guard let audio = job.camera.audio, audio.enabled, let (kind, spec) = encoding(of: job.capture),
              !audio.codec.fits(in: spec.container) else { return }
        let (path, location) = audioKey("codec", job)
        reader.report(path, location, "\(kind) files are \(spec.container.rawValue), which cannot hold \(audio.codec.rawValue) sound: "
                      + "choose \"codec\": \"aac\" (or \"opus\"), or set capture.\(kind).container to \"mkv\"")
    }

    /// `device: "auto"` needs a camera with a microphone camsched can find: a V4L2 camera (on
    /// its USB device) or the test camera; a network camera's sound is its stream's.
    static func soundHasASource(_ job: JobSections, _ reader: JobReader) {
        guard let audio = job.camera.audio, audio.enabled, encoding(of: job.capture) != nil else { return }
        let kinds = job.camera.devices.compactMap { (try? DeviceURI(parsing: $0, baseDirectory: reader.baseDirectory))?.kind }
        if let network = kinds.first(where: { $0.capabilities.isNetwork }) {
            streamSoundIsTheStreams(audio, network, job, reader)
            return
        }
        guard audio.device == "auto", let kind = kinds.first(where: { !$0.capabilities.findsMicrophone }) else { return }
        let (path, location) = audioKey("device", job)
        reader.report(path, location, "\(kind.described) has no microphone camsched can find: name one in camera.audio.device, "
                      + "such as \"hw:CARD=Device,DEV=0\" (`arecord -l` lists them), or leave camera.audio out")
    }

    /// A network camera's sound is its stream's, at the stream's own rate: no device, no rate.
    private static func streamSoundIsTheStreams(_ audio: AudioSpec, _ network: CameraKind, _ job: JobSections, _ reader: JobReader) {
        if audio.device != "auto" {
            let (path, location) = audioKey("device", job)
            reader.report(path, location, "\(network.described) brings its sound in its stream, which is what it records: "
                          + "leave camera.audio.device out (or \"auto\")")
        }
        if let rate = audio.rate {
            let (path, location) = audioKey("rate", job)
            reader.report(path, location, "\(network.described)'s sound comes at its stream's own rate, not \(rate): leave camera.audio.rate out "
                          + "(`camsched devices --probe URL` shows the stream's rate)")
        }
    }

    private static func audioKey(_ key: String?, _ job: JobSections) -> (JobPath, SourceLocation) {
        let camera = job.root.node("camera")
        let audio: JSONMember? = camera.flatMap { JobRules.member($0, "audio") }
        let inner: JSONMember? = key.flatMap { name in audio.flatMap { JobRules.member($0.value, name) } }
        var path = job.root.path("camera").key("audio")
        if let key { path = path.key(key) }
        return (path, inner?.keyLocation ?? audio?.keyLocation ?? camera?.location ?? job.root.location)
    }
}
