import CamschedCapture
import CamschedCore
import Foundation

/// `camsched devices --probe URI`: opens one camera by its device URI — a V4L2 node, `test:`,
/// `file:`, or a network camera — and says what it offers, then closes it. For a network
/// camera this is the way to see its stream's codec, size and rate before writing a job.
struct DeviceProbe: Encodable {
    let uri: String
    let card: String
    let driver: String
    let modes: [Mode]
    let controls: [String]

    struct Mode: Encodable {
        let format: String
        let width: Int
        let height: Int
        let fps: [Double]
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
        return DeviceProbe(uri: identity.path, card: identity.card, driver: identity.driver, modes: modes, controls: controls)
    }

    /// The text `devices --probe` prints.
    var description: String {
        var lines = ["\(uri) (\(card), \(driver))"]
        for mode in modes {
            let rates = mode.fps.map { FrameRateText.format($0) }.joined(separator: "/")
            lines.append("  \(mode.format) \(mode.width)x\(mode.height)" + (rates.isEmpty ? "" : " @ \(rates) fps"))
        }
        lines.append(controls.isEmpty ? "  no controls" : "  controls: " + controls.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
