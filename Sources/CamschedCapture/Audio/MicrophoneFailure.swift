import CamschedALSA
import Glibc

/// How a failure to open an ALSA device reads as a ``MicrophoneError``: what is missing and
/// what is there, who holds a busy device, what a device takes.
enum MicrophoneFailure {
    static func opening(_ error: ALSAError, name: String) -> MicrophoneError {
        switch error {
        case .notFound:
            return .missing(name: name, hint: presentDevices())
        case .busy:
            return .busy(name: name, holder: holder(of: name))
        case let .refused(_, asked, takes):
            return .refused(name: name, reason: "it does not take \(asked); it takes \(takes)")
        case let .failed(_, call, code) where code == EACCES || code == EPERM:
            return .refused(name: name, reason: "\(call): permission denied; add the user camsched runs as to the audio group")
        case .gone:
            return .missing(name: name, hint: "it went away while opening; " + presentDevices())
        case .failed:
            return .refused(name: name, reason: error.description)
        }
    }

    /// The capture devices present, as `arecord -l` shows them, or that there are none.
    static func presentDevices() -> String {
        let devices = ALSACaptureDevice.list()
        guard !devices.isEmpty else {
            return "there is no capture device (no sound card, or its driver is not loaded; `arecord -l` lists them)"
        }
        return "the capture devices are " + devices.map(\.description).joined(separator: "; ")
    }

    /// The program that has the device's capture node open (`arecord (pid 812)`): the node of a
    /// `hw:`/`plughw:` name, else the first capture node of any card that is held.
    static func holder(of name: String) -> String? {
        if let device = ALSADeviceName(name) { return BusyHolder.find(devicePath: device.captureNode) }
        for device in ALSACaptureDevice.list() {
            if let holder = BusyHolder.find(devicePath: ALSADeviceName(card: device.card, device: device.device).captureNode) {
                return holder
            }
        }
        return nil
    }
}
