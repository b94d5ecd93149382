import CamschedTestSupport
import Foundation
import Testing

/// A still takes its sidecar's room (the sidecar slot) before it is written, as a recording
/// does: on a disk with room for the still but not for its sidecar, the still is refused as
/// disk full — never filed and then put back as `NAME.EXT.partial` for want of a sidecar.
@Suite struct StillSidecarSlotTests {
    @Test(.enabled(if: getuid() == 0, "mounts a tmpfs"), arguments: ["png", "jpeg"])
    func aDiskWithRoomForTheStillButNotItsSidecarLeavesNoPartial(_ format: String) throws {
        let dir = try TemporaryDirectory()
        let tmpfs = try Tmpfs.mount(at: dir.file("small"), size: "1m")
        defer { tmpfs.unmount() }
        let mount = tmpfs.url
        try FileManager.default.createDirectory(at: mount.appendingPathComponent("s"), withIntermediateDirectories: true)
        // Two free pages: a 640x360 test-pattern still (about 7 KiB) fits, its sidecar (a third page) does not.
        var space = statvfs()
        try #require(statvfs(mount.path, &space) == 0)
        let free = Int(space.f_bavail) * Int(space.f_frsize)
        try Data(count: free - 8192).write(to: mount.appendingPathComponent("filler"))
        let job = try dir.write("s.json", """
        {"name": "s", "camera": {"device": "test:?size=640x360&fps=30", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}}, "still": {"format": "\(format)"},
         "output": {"root": "small", "path": "{job}/{seq}", "catalog": false, "latest": false}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
        #expect(result.status == 1 && result.stderr.contains("disk full"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: mount.appendingPathComponent("s").path)
        #expect(left.isEmpty, "nothing filed, nothing partial: \(left)")
    }
}
