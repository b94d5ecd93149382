import CamschedTestSupport
import Foundation
import Testing

/// A password written into a device URI, in any shape (with `/`, `@`, `:`, `?`, a space, a
/// mistyped scheme), is refused and never printed, whole or in part, by `validate`,
/// `run --device` or `snapshot --device` — the three places a user types a URI.
@Suite struct DevicePasswordMaskingTests {
    static let password = "Zq/7@x:K?w 3#"

    /// The URIs a user may type with that password in it.
    static let devices = [
        "rtsp://admin:\(password)@192.168.1.20/stream1",
        "http://admin:\(password)@cam.local:8080/video.mjpg",
        " rtsp://admin:\(password)@cam",
        "rtsp:/admin:\(password)@cam/s",
        "rtsp://admin:\(password)@",
    ]

    /// Every three characters of the password but those of separators alone.
    static var parts: [String] {
        let characters = Array(password)
        return (0..<(characters.count - 2)).map { String(characters[$0..<($0 + 3)]) }
            .filter { !$0.allSatisfy { "/@:?# ".contains($0) } }
    }

    static func expectNoPassword(_ result: ProcessResult, _ what: String) {
        #expect(result.status == 2, "\(what): exit \(result.status): \(result.stderr)")
        let printed = result.stdout + result.stderr
        for part in parts { #expect(!printed.contains(part), "\(what) printed \(part): \(printed)") }
        #expect(printed.contains("***"), "\(what) says where the login was: \(printed)")
    }

    @Test(arguments: devices)
    func validateDoesNotPrintIt(device: String) throws {
        let dir = try TemporaryDirectory()
        let escaped = device.replacingOccurrences(of: "\"", with: "\\\"")
        let job = try dir.write("j.json", """
            {"name": "j", "camera": {"device": "\(escaped)"},
             "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out"}}
            """)
        Self.expectNoPassword(try CamschedBinary.run(["validate", job.path]), "validate")
        Self.expectNoPassword(try CamschedBinary.run(["run", job.path, "--no-progress"]), "run")
    }

    @Test(arguments: devices)
    func runAndSnapshotWithDeviceDoNotPrintIt(device: String) throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("j.json", """
            {"name": "j", "camera": {"device": "test:"},
             "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out"}}
            """)
        Self.expectNoPassword(try CamschedBinary.run(["run", job.path, "--device", device, "--no-progress"]), "run --device")
        Self.expectNoPassword(try CamschedBinary.run(["snapshot", "--device", device, "-o", dir.file("s.jpg").path]), "snapshot --device")
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.jpg").path))
    }
}
