import ArgumentParser
import CamschedCore

/// `--device` values, checked by the parser that opens cameras, so that a bad URI is a usage
/// error naming the option (exit 2) before anything starts.
enum DeviceArgument {
    static func check(_ text: String) throws {
        do {
            _ = try DeviceURI(parsing: text)
        } catch {
            throw ValidationError("--device \(NetworkCameraAddress.masked(text)): \(error.reason)")
        }
    }
}
