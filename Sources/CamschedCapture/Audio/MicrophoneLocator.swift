import Foundation

/// Finds a camera's own microphone: the ALSA capture device on the same USB device as a V4L2
/// node (a webcam is one USB device with a video interface and an audio interface). Both are
/// found through sysfs as the kernel lays it out — `class/video4linux/videoN/device` and
/// `class/sound/cardM/device` are links to USB interfaces, whose parent is the USB device — and
/// the card's capture PCMs and id through procfs (`asound/cardM/pcm<D>c`, `asound/cardM/id`).
package struct MicrophoneLocator: Sendable {
    /// Where sysfs is (`/sys`; a fake tree in tests).
    package var sysRoot: String
    /// Where procfs is (`/proc`; a fake tree in tests).
    package var procRoot: String

    package init(sysRoot: String = "/sys", procRoot: String = "/proc") {
        self.sysRoot = sysRoot
        self.procRoot = procRoot
    }

    /// The ALSA name of the camera's microphone, `hw:CARD=<id>,DEV=<device>` (its first capture
    /// device); nil when the camera is not a USB device or no sound card on it captures.
    /// - Parameter videoNode: The camera's node (`/dev/video0`, or a `/dev/v4l/by-id` link to it).
    package func microphone(forVideoNode videoNode: String) -> String? {
        let node = URL(fileURLWithPath: videoNode).resolvingSymlinksInPath().lastPathComponent
        guard let camera = usbDevice(behind: "\(sysRoot)/class/video4linux/\(node)/device") else { return nil }
        for card in cards() where usbDevice(behind: "\(sysRoot)/class/sound/card\(card)/device") == camera {
            guard let device = captureDevices(ofCard: card).first, let id = cardID(card) else { continue }
            return "hw:CARD=\(id),DEV=\(device)"
        }
        return nil
    }

    /// The USB device an interface link leads into: the nearest folder, from the link's target
    /// up, that has an `idVendor` (USB interfaces do not; a platform device has none above it).
    func usbDevice(behind link: String) -> String? {
        guard let resolved = realpath(link, nil) else { return nil }
        var folder = URL(fileURLWithPath: String(cString: resolved))
        free(resolved)
        while folder.path != "/" && folder.path.count > 1 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("idVendor").path) { return folder.path }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The numbers of the sound cards in sysfs, in order.
    func cards() -> [Int] {
        numbered(in: "\(sysRoot)/class/sound", prefix: "card", suffix: "")
    }

    /// The card's capture PCM devices (`pcm<D>c` in its procfs folder), in order.
    func captureDevices(ofCard card: Int) -> [Int] {
        numbered(in: "\(procRoot)/asound/card\(card)", prefix: "pcm", suffix: "c")
    }

    /// The card's id (`C920`), from procfs.
    func cardID(_ card: Int) -> String? {
        guard let text = try? String(contentsOfFile: "\(procRoot)/asound/card\(card)/id", encoding: .utf8) else { return nil }
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return id.isEmpty ? nil : id
    }

    /// The numbers N of the entries `<prefix>N<suffix>` of a folder, sorted.
    private func numbered(in folder: String, prefix: String, suffix: String) -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
            return Int(name.dropFirst(prefix.count).dropLast(suffix.count))
        }.sorted()
    }
}
