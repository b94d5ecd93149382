import ArgumentParser
import CamschedCapture
import Foundation

/// `camsched devices [--json]`: every V4L2 node with its formats, sizes, rates and controls.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List cameras with their formats, frame sizes, frame rates and controls.",
        discussion: """
            Every /dev/video* node is listed, including nodes that cannot capture (marked as such) and \
            nodes this user may not open (with the reason). Control names are the ones to use in a job's \
            "controls". The built-in test camera (test:) is always available and is not listed. Exit code 1 \
            when the output cannot be written.
            """)

    @Flag(name: .long, help: "Print JSON (an array with one object per node) instead of text.")
    var json = false

    func run() async throws {
        Terminal.outputIsTheProduct()
        try list()
        if let lost = Terminal.lostOutput() { exit(with: lost) }
    }

    private func list() throws {
        let devices = DeviceNode.list()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(devices)
            Terminal.out(String(decoding: data, as: UTF8.self))
            return
        }
        if devices.isEmpty {
            Terminal.out("No V4L2 devices (/dev/video*) found. The built-in test camera is available as --device test:")
            return
        }
        for device in devices { Terminal.out(device.description) }
    }
}
