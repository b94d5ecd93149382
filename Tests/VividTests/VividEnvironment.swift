import CamschedV4L2
import Foundation
import Testing

/// Where tests that need the kernel's vivid driver run, and the guard that decides it.
///
/// A test marked `.enabled(if: VividEnvironment.isPresent)` is skipped on a machine without
/// `/dev/video0`. Inside the vivid guest (`scripts/vivid-run.sh` sets `CAMSCHED_VIVID=1`) the
/// tests always run, so a guest whose vivid did not load fails them instead of skipping:
/// open devices through `captureDevice(_:)`, which records that failure clearly.
///
/// vivid state is global to the machine: suites that change it should be `.serialized`, and the
/// whole target is best run with `--no-parallel`. `/dev/video4` (the second instance) is for
/// destructive tests (busy, disconnect); `/dev/video0` stays usable for the whole run.
enum VividEnvironment {
    /// The first capture node of the first vivid instance.
    static let primary = "/dev/video0"
    /// The first capture node of the second instance (`n_devs=2`).
    static let secondary = "/dev/video4"
    /// The first capture node of the third instance (`n_devs=3`), for the command-line suite's
    /// busy and permission cases.
    static let tertiary = "/dev/video8"
    /// Its output node: not a camera.
    static let outputNode = "/dev/video1"

    /// Whether the guest runner said vivid must be there.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CAMSCHED_VIVID"] == "1" }

    /// Whether the vivid tests should run: vivid is required, or a capture node exists.
    static var isPresent: Bool { isRequired || FileManager.default.fileExists(atPath: primary) }

    /// Opens a vivid capture node and checks that it is vivid; fails the test with a clear
    /// message when it is absent although `CAMSCHED_VIVID=1` is set.
    static func captureDevice(_ path: String = primary, sourceLocation: SourceLocation = #_sourceLocation) throws -> V4L2Device {
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("CAMSCHED_VIVID=1 is set but \(path) does not exist: did `modprobe vivid n_devs=2` fail?",
                         sourceLocation: sourceLocation)
            throw V4L2Error.notFound(path: path)
        }
        let device = try V4L2Device(path: path, requireCapture: true)
        try #require(device.capability.driver == "vivid", "\(path) is driven by \(device.capability.driver), not vivid",
                     sourceLocation: sourceLocation)
        return device
    }
}
