import CamschedTestSupport
import Foundation
import Testing

/// vimc, the kernel's virtual media-controller camera, in the vivid guest: libcamera's own test
/// camera (one sensor behind a debayer and a scaler, several /dev/video* and subdevice nodes
/// that libcamera presents as one camera, "Sensor B"). Debian's kernel does not ship it:
/// `scripts/build-vimc.sh` builds it from linux-source for the guest's kernel.
enum VimcModule {
    /// Why vimc cannot be loaded (the test fails with this text, never skips).
    struct Unavailable: Error, CustomStringConvertible { let description: String }

    static let modulePath = CamschedBinary.repository.appendingPathComponent(".cache/vimc/vimc.ko").path
    /// The stock modules vimc needs, in order (v4l2-tpg draws its test pattern).
    static let dependencies = ["mc", "videodev", "videobuf2-common", "videobuf2-v4l2", "videobuf2-vmalloc",
                               "videobuf2-dma-contig", "v4l2-tpg"]

    /// Loads vimc once per boot; throws saying why when it was not built or does not load.
    static func load() throws {
        if FileManager.default.fileExists(atPath: "/sys/module/vimc") { return }
        guard FileManager.default.fileExists(atPath: modulePath) else {
            let why = (try? String(contentsOfFile: CamschedBinary.repository.appendingPathComponent(".cache/vimc/UNAVAILABLE").path,
                                   encoding: .utf8)) ?? "scripts/build-vimc.sh has not run"
            throw Unavailable(description: "vimc is not available for the guest's kernel, so libcamera cannot be tested: "
                                  + why.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        for module in dependencies {
            let loaded = try ProcessRunner.run("/sbin/modprobe", [module])
            try #require(loaded.status == 0, "modprobe \(module) failed (\(loaded.status)): \(loaded.stderr)")
        }
        let loaded = try ProcessRunner.run("/sbin/insmod", [modulePath])
        try #require(loaded.status == 0, "insmod \(modulePath) failed (\(loaded.status)): \(loaded.stderr)")
        _ = try? ProcessRunner.run("/bin/udevadm", ["settle"], timeout: 30)
    }
}
