import CamschedV4L2
import Foundation
import Testing

/// A camera node the user may not open: the test binary runs itself again as `nobody`
/// without groups (`setpriv`), where `/dev/video0` (mode 660, group video) is out of reach.
struct VividPermissionTests {
    /// Set for the inner run only.
    static let probeVariable = "CAMSCHED_VIVID_PERMISSION_PROBE"
    static var isProbe: Bool { ProcessInfo.processInfo.environment[probeVariable] == "1" }

    @Test(.enabled(if: VividEnvironment.isPresent && !isProbe && getuid() == 0))
    func nodeWithoutPermissionIsReportedWithTheVideoGroupHint() throws {
        try VividEnvironment.captureDevice().close()
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        probe.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", CommandLine.arguments[0],
                           "--testing-library", "swift-testing", "--filter", "VividPermissionTests/permissionProbe"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.probeVariable] = "1"
        probe.environment = environment
        let output = Pipe()
        probe.standardOutput = output
        probe.standardError = output
        try probe.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        #expect(probe.terminationStatus == 0, "probe run as nobody failed:\n\(text)")
        #expect(text.contains("permissionProbe()"), "the probe did not run:\n\(text)")
    }

    /// Runs only inside the probe process, as `nobody`.
    @Test(.enabled(if: isProbe))
    func permissionProbe() {
        let path = VividEnvironment.primary
        #expect(throws: V4L2Error.permissionDenied(path: path)) { try V4L2Device(path: path) }
        let info = V4L2DeviceDirectory().list().first { $0.path == path }
        #expect(info?.isCapture == false)
        #expect(info?.error?.contains("sudo usermod -aG video $USER") == true)
    }
}
