import ArgumentParser
import CamschedV4L2
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
        let devices = V4L2DeviceDirectory().list()
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
        for device in devices { Terminal.out(DevicesCommand.describe(device)) }
    }

    static func describe(_ device: V4L2DeviceInfo) -> String {
        var lines: [String] = []
        let kind = device.isCapture ? "camera" : "not a capture device"
        lines.append("\(device.path)  \(device.card.isEmpty ? "?" : device.card)  (driver \(device.driver), bus \(device.bus))  [\(kind)]")
        if let error = device.error { lines.append("  cannot open: \(error)") }
        for link in device.byIdLinks { lines.append("  by-id: \(link)") }
        for link in device.byPathLinks { lines.append("  by-path: \(link)") }
        if !device.capabilities.isEmpty { lines.append("  capabilities: " + device.capabilities.joined(separator: ", ")) }
        if device.isCapture {
            if !device.formats.isEmpty { lines.append("  formats:") }
            for format in device.formats {
                var flags: [String] = []
                if format.isCompressed { flags.append("compressed") }
                if format.isEmulated { flags.append("emulated by libv4l2") }
                lines.append("    \(format.fourCC)  \(format.description)" + (flags.isEmpty ? "" : "  (\(flags.joined(separator: ", ")))"))
                for size in format.frameSizes {
                    let rates = size.intervals.map { fps($0.framesPerSecond) }
                    lines.append("      \(size)" + (rates.isEmpty ? "" : " @ " + rates.joined(separator: ", ") + " fps"))
                }
            }
            if !device.controls.isEmpty { lines.append("  controls:") }
            for control in device.controls where control.type != .ctrlClass {
                var text = "    \(control.name) (\(control.type))"
                if control.type != .button && control.type != .string {
                    text += " \(control.minimum)…\(control.maximum)"
                    if control.step > 1 { text += " step \(control.step)" }
                    text += " default \(control.defaultValue)"
                }
                if let value = control.value { text += " = \(value)" }
                var flags: [String] = []
                if control.isReadOnly { flags.append("read-only") }
                if control.isWriteOnly { flags.append("write-only") }
                if control.isInactive { flags.append("inactive") }
                if !flags.isEmpty { text += " [\(flags.joined(separator: ", "))]" }
                lines.append(text)
                if !control.menuItems.isEmpty {
                    lines.append("      " + control.menuItems.map(\.description).joined(separator: "; "))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func fps(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
