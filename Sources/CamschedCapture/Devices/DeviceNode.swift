import CamschedV4L2
import Foundation

/// One video device node (`/dev/video*`) as `camsched devices` lists it: what it is, whether it
/// captures, its formats, sizes, frame rates and controls, or why it could not be opened.
///
/// The capture layer is the executable's one way to the hardware: the node's V4L2 description
/// stays inside it. Its JSON (``encode(to:)``) is that description's, so `devices --json`
/// keeps its keys, and a camera with a microphone of its own has a `microphone` beside them;
/// ``description`` is the text `devices` prints.
package struct DeviceNode: Sendable, Encodable, CustomStringConvertible {
    let info: V4L2DeviceInfo
    /// The ALSA name of the camera's own microphone (``MicrophoneLocator``), if it has one.
    package let microphone: String?

    init(_ info: V4L2DeviceInfo, microphone: String? = nil) {
        self.info = info
        self.microphone = microphone
    }

    /// Every `video*` node under `deviceRoot` (`/dev` except in tests), numerically sorted, each
    /// opened and queried for its formats and controls, a camera with its microphone (found by
    /// `locator`); a node that could not be opened is listed with the reason, not skipped.
    package static func list(deviceRoot: String = "/dev", locator: MicrophoneLocator = MicrophoneLocator()) -> [DeviceNode] {
        V4L2DeviceDirectory(deviceRoot: deviceRoot).list().map { info in
            DeviceNode(info, microphone: info.isCapture ? locator.microphone(forVideoNode: info.path) : nil)
        }
    }

    /// The node, e.g. `/dev/video0`.
    package var path: String { info.path }
    /// Whether the node captures video (a camera; not an output or metadata node).
    package var isCapture: Bool { info.isCapture }

    private enum Key: String, CodingKey { case microphone }

    package func encode(to encoder: any Encoder) throws {
        try info.encode(to: encoder)
        guard let microphone else { return }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(microphone, forKey: .microphone)
    }

    /// The node's lines: a heading, the reason it cannot be opened, its stable names and
    /// capabilities, then (for a camera) its formats with sizes and rates, and its controls.
    package var description: String {
        var lines: [String] = []
        let kind = !info.isCapture ? "not a capture device"
            : info.isMediaControllerCentric ? "part of a camera pipeline: open its libcamera camera" : "camera"
        lines.append("\(info.path)  \(info.card.isEmpty ? "?" : info.card)  (driver \(info.driver), bus \(info.bus))  [\(kind)]")
        if let error = info.error { lines.append("  cannot open: \(error)") }
        for link in info.byIdLinks { lines.append("  by-id: \(link)") }
        for link in info.byPathLinks { lines.append("  by-path: \(link)") }
        if !info.capabilities.isEmpty { lines.append("  capabilities: " + info.capabilities.joined(separator: ", ")) }
        if let microphone { lines.append("  microphone: \(microphone)") }
        if info.isCapture && !info.isMediaControllerCentric {
            lines += formatLines()
            lines += controlLines()
        }
        return lines.joined(separator: "\n")
    }

    /// `formats:`, then each format with its sizes and their frame rates.
    private func formatLines() -> [String] {
        var lines: [String] = info.formats.isEmpty ? [] : ["  formats:"]
        for format in info.formats {
            var flags: [String] = []
            if format.isCompressed { flags.append("compressed") }
            if format.isEmulated { flags.append("emulated by libv4l2") }
            lines.append("    \(format.fourCC)  \(format.description)" + (flags.isEmpty ? "" : "  (\(flags.joined(separator: ", ")))"))
            for size in format.frameSizes {
                let rates = size.intervals.map { Self.fps($0.framesPerSecond) }
                lines.append("      \(size)" + (rates.isEmpty ? "" : " @ " + rates.joined(separator: ", ") + " fps"))
            }
        }
        return lines
    }

    /// `controls:`, then each control with its type, range, default, value, flags and menu.
    private func controlLines() -> [String] {
        var lines: [String] = info.controls.isEmpty ? [] : ["  controls:"]
        for control in info.controls where control.type != .ctrlClass {
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
        return lines
    }

    /// A frame rate as `devices` prints it: whole rates without decimals, others with two.
    static func fps(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
