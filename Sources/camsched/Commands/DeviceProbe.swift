import CamschedCapture
import CamschedCore
import Foundation

/// `camsched devices --probe URI`: opens one camera by its device URI — a V4L2 node, `test:`,
/// `file:`, or a network camera — and says what it offers, then closes it. For a network
/// camera this is the way to see its stream's codec, size and rate before writing a job, and
/// the sound the stream carries (what a recording of it keeps).
struct DeviceProbe: Encodable {
    let uri: String
    let card: String
    let driver: String
    let modes: [Mode]
    let controls: [String]
    /// The sound the camera's own stream carries (a network camera's); absent when none.
    let sound: Sound?

    struct Mode: Encodable {
        let format: String
        let width: Int
        let height: Int
        let fps: [Double]
    }

    struct Sound: Encodable {
        /// As people name it: `AAC`, `G.711 µ-law (PCMU)`.
        let codec: String
        let rate: Int
        let channels: Int
    }

    /// Probes `uri`, a network camera logging in with `credentials` (nil: as ``DeviceSelector`` does
    /// by default); exits with the camera's error (exit 3 when unavailable or the login is refused,
    /// 2 for a bad URI or credentials that cannot be used).
    static func probe(_ uri: String, credentials: CameraCredentialsSource? = nil) -> DeviceProbe {
        let camera: Camera
        do {
            camera = try DeviceSelector.open([uri], baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                             oneStill: true, credentials: credentials)
        } catch {
            if case .invalidURI = error { DevicesCommand.exit(with: CLIFailure(error.description, code: .invalidInput)) }
            if case .credentialsUnusable = error { DevicesCommand.exit(with: CLIFailure(error.description, code: .invalidInput)) }
            DevicesCommand.exit(with: CLIFailure(camera: error))
        }
        defer { camera.close() }
        do {
            return try describe(camera)
        } catch {
            DevicesCommand.exit(with: CLIFailure(camera: error))
        }
    }

    /// What the camera at `uri` offers, or nil when it does not open (a listing goes on).
    static func probeIfOpens(_ uri: String) -> DeviceProbe? {
        guard let camera = try? DeviceSelector.open([uri], oneStill: true) else { return nil }
        defer { camera.close() }
        return try? describe(camera)
    }

    /// What the open `camera` offers: its modes (which must be readable) and its controls' names.
    private static func describe(_ camera: Camera) throws(CameraError) -> DeviceProbe {
        let modes = try camera.modes().map { Mode(format: "\($0.pixelFormat)", width: $0.width, height: $0.height, fps: $0.frameRates) }
        let controls = ((try? camera.controls()) ?? []).map(\.name)
        let identity = camera.identity
        let sound = camera.streamSound.map { Sound(codec: $0.description.codec, rate: $0.description.format.rate, channels: $0.description.format.channels) }
        return DeviceProbe(uri: identity.path, card: identity.card, driver: identity.driver, modes: modes, controls: controls, sound: sound)
    }

    /// The text `devices --probe` prints.
    var description: String {
        var lines = ["\(uri) (\(card), \(driver))"]
        for mode in modes {
            let rates = mode.fps.map { FrameRateText.format($0) }.joined(separator: "/")
            lines.append("  \(mode.format) \(mode.width)x\(mode.height)" + (rates.isEmpty ? "" : " @ \(rates) fps"))
        }
        if let sound { lines.append("  sound: \(sound.codec), \(sound.rate) Hz, \(sound.channels) channel" + (sound.channels == 1 ? "" : "s")) }
        lines.append(controls.isEmpty ? "  no controls" : "  controls: " + controls.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
