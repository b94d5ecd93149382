import CamschedTestSupport
import Foundation

/// A sysfs and procfs as the kernel lays them out for cameras and sound cards, in a temporary
/// folder: `sys/devices/…/usb1/1-2` (a USB device, with its `idVendor`), its interfaces
/// `1-2:1.0`…, `sys/class/video4linux/videoN` and `sys/class/sound/cardM` as relative links to
/// the nodes under their interface, each node's `device` a relative link to that interface, and
/// `proc/asound/cardM/{id,pcm<D>c,pcm<D>p}`.
struct FakeDeviceTree {
    let folder: TemporaryDirectory
    var sys: String { folder.url.path + "/sys" }
    var proc: String { folder.url.path + "/proc" }

    init() throws {
        folder = try TemporaryDirectory("fake-sysfs")
    }

    /// A USB device (`devices/pci0000:00/0000:00:14.0/usb1/<port>`); returns its sysfs path
    /// relative to `sys`. The root hub above it is a USB device too, as in the kernel.
    func usbDevice(port: String) throws -> String {
        let hub = "devices/pci0000:00/0000:00:14.0/usb1"
        try write("\(hub)/idVendor", "1d6b")
        try write("\(hub)/\(port)/idVendor", "046d")
        return "\(hub)/\(port)"
    }

    /// A device that is not on USB (vivid's, snd-aloop's): `devices/platform/<name>`.
    func platformDevice(_ name: String) -> String { "devices/platform/\(name)" }

    /// `class/video4linux/video<number>` under `interface` (a path relative to `sys`).
    func videoNode(_ number: Int, under interface: String) throws {
        try node(class: "video4linux", name: "video\(number)", under: interface)
    }

    /// `class/sound/card<number>` under `interface`, with its procfs id and PCM folders.
    func soundCard(_ number: Int, id: String, under interface: String, pcms: [String]) throws {
        try node(class: "sound", name: "card\(number)", under: interface)
        try write("../proc/asound/card\(number)/id", id + "\n")
        for pcm in pcms { try write("../proc/asound/card\(number)/\(pcm)/info", "") }
    }

    private func node(class kind: String, name: String, under interface: String) throws {
        let manager = FileManager.default
        let nodeFolder = "\(interface)/\(kind)/\(name)"
        try manager.createDirectory(atPath: "\(sys)/\(nodeFolder)", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: "\(sys)/\(nodeFolder)/device", withDestinationPath: "../../../\((interface as NSString).lastPathComponent)")
        try manager.createDirectory(atPath: "\(sys)/class/\(kind)", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: "\(sys)/class/\(kind)/\(name)", withDestinationPath: "../../\(nodeFolder)")
    }

    private func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: "\(sys)/\(path)").standardizedFileURL
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
