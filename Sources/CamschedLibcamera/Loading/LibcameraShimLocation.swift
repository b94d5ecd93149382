import Foundation

/// Where camsched looks for its libcamera module, libcamsched-libcamera.so (SwiftPM's product
/// `camsched-libcamera`): `CAMSCHED_LIBCAMERA_SHIM` if set, else PREFIX/lib/camsched beside the
/// installed binary's PREFIX/bin, else the build folder the binary was built in (SwiftPM puts
/// the library beside the executable and the test bundle).
package enum LibcameraShimLocation {
    package static let fileName = "libcamsched-libcamera.so"
    package static let environmentVariable = "CAMSCHED_LIBCAMERA_SHIM"

    /// The paths to try, in order.
    /// - Parameters:
    ///   - environment: the process environment (`CAMSCHED_LIBCAMERA_SHIM`).
    ///   - executable: the running executable's path.
    package static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   executable: String = executablePath()) -> [String] {
        if let chosen = environment[environmentVariable], !chosen.isEmpty { return [chosen] }
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("lib/camsched/\(fileName)")
        let beside = folder.appendingPathComponent(fileName)
        return [installed.standardizedFileURL.path, beside.path]
    }

    /// The running executable, through /proc/self/exe (links resolved).
    package static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
