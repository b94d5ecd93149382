import ArgumentParser
import CamschedCapture
import CamschedCore
import Foundation

/// `camsched devices [--json] [--probe URI]`: every V4L2 node and every libcamera camera with
/// their formats, sizes, rates and controls; or what one camera — a network camera too — offers.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List cameras with their formats, frame sizes, frame rates and controls.",
        discussion: """
            Every /dev/video* node is listed, including nodes that cannot capture (marked as such), nodes \
            this user may not open (with the reason), and nodes that are one end of a camera pipeline (a \
            Raspberry Pi camera module's, vimc's: marked as such; the camera is the libcamera one). Then every \
            libcamera camera (libcamera:ID, when libcamera is installed), once, with its modes and controls; a \
            USB camera is listed as its V4L2 node only, with its own microphone when it has one (microphone: \
            hw:CARD=…,DEV=…, the ALSA capture device on the same USB device; "microphone" in --json). Control \
            names are the ones to use in a job's \
            "controls". The built-in test camera (test:) is always available and is not listed. Exit code 1 \
            when the output cannot be written.

            --probe URI opens one camera by its device URI (a node, libcamera:, test:, file:, rtsp:// or http:// for a \
            network camera) and prints what it offers: formats, sizes, rates and controls, and the sound a network \
            camera's stream carries (codec, rate, channels; "sound" in --json). Exit code 3 when it \
            cannot be opened or reached or refuses the login, 2 for a URI that is not valid or credentials that \
            cannot be used.

            A network camera that asks for a login gets it from --credentials FILE (one line user:password, a \
            file of mode 600 or 400), else from the environment variable CAMSCHED_CAMERA_CREDENTIALS (user:password); \
            never write it into the URI.
            """)

    @Flag(name: .long, help: "Print JSON (an array with one object per node, then one per libcamera camera) instead of text.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Open this one camera (any device URI) and print what it offers.", valueName: "URI"))
    var probe: String?

    @Option(name: .long, help: ArgumentHelp("With --probe of a network camera: log in with the user:password in this file (mode 600).",
                                            valueName: "FILE"))
    var credentials: String?

    func validate() throws {
        guard let credentials else { return }
        guard let probe else { throw ValidationError("--credentials goes with --probe URI of a network camera") }
        guard NetworkCameraAddress.schemes.contains(where: { probe.lowercased().hasPrefix($0 + "://") }) else {
            throw ValidationError("--credentials \(credentials): credentials are for network cameras (rtsp://, rtsps://, http://, https://)")
        }
    }

    func run() async throws {
        Terminal.outputIsTheProduct()
        try list()
        if let lost = Terminal.lostOutput() { exit(with: lost) }
    }

    private func list() throws {
        if let probe {
            let login = credentials.map { CameraCredentialsSource.file(URL(fileURLWithPath: $0).standardizedFileURL.path) }
            let report = DeviceProbe.probe(probe, credentials: login)
            Terminal.out(json ? try Self.json(report) : report.description)
            return
        }
        let devices = DeviceNode.list()
        let others = CameraKinds.listing {
            CameraKinds.present().filter { $0.kind != .v4l2 }.compactMap { DeviceProbe.probeIfOpens($0.uri) }
        }
        if json {
            Terminal.out(try Self.json(devices.map(DeviceListing.node) + others.map(DeviceListing.camera)))
            return
        }
        if devices.isEmpty && others.isEmpty {
            Terminal.out("No cameras (/dev/video*, libcamera) found. The built-in test camera is available as --device test:")
            return
        }
        for device in devices { Terminal.out(device.description) }
        for camera in others { Terminal.out(camera.description) }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
