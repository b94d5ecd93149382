import CamschedJobs
@testable import CamschedScheduler
import Foundation
import Testing

@Suite struct PressureTests {
    /// Builds a fake `/sys/class/thermal` with one zone.
    func thermalTree(temp: Int, trips: [(String, Int)]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sys-\(UUID().uuidString.prefix(8))")
        let zone = root.appendingPathComponent("class/thermal/thermal_zone0")
        try FileManager.default.createDirectory(at: zone, withIntermediateDirectories: true)
        try "\(temp)\n".write(to: zone.appendingPathComponent("temp"), atomically: true, encoding: .utf8)
        for (index, trip) in trips.enumerated() {
            try "\(trip.0)\n".write(to: zone.appendingPathComponent("trip_point_\(index)_type"), atomically: true, encoding: .utf8)
            try "\(trip.1)\n".write(to: zone.appendingPathComponent("trip_point_\(index)_temp"), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test(arguments: [
        (60_000, PressureLevel.nominal), (76_000, .fair), (80_000, .serious), (90_500, .critical), (105_000, .shutdown),
    ])
    func thermalLevels(temp: Int, expected: PressureLevel) throws {
        let root = try thermalTree(temp: temp, trips: [("passive", 80_000), ("hot", 90_000), ("critical", 100_000)])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ThermalPressureSource(sysRoot: root.path).read()?.level == expected)
    }

    @Test func missingThermalTreeSaysNothing() {
        #expect(ThermalPressureSource(sysRoot: "/nonexistent").read() == nil)
    }

    @Test func psiComesFromCamschedsOwnCgroupAndTheHostOnlyWhenAskedFor() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cg-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("sys/fs/cgroup/system.slice/camsched.service")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("proc/self"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("proc/pressure"), withIntermediateDirectories: true)
        try "0::/system.slice/camsched.service\n".write(to: root.appendingPathComponent("proc/self/cgroup"), atomically: true, encoding: .utf8)
        let busy = "some avg10=75.00 avg60=1 avg300=1 total=1\nfull avg10=0 avg60=0 avg300=0 total=0\n"
        let calm = "some avg10=2.00 avg60=1 avg300=1 total=1\nfull avg10=0 avg60=0 avg300=0 total=0\n"
        try calm.write(to: folder.appendingPathComponent("cpu.pressure"), atomically: true, encoding: .utf8)
        try busy.write(to: root.appendingPathComponent("proc/pressure/cpu"), atomically: true, encoding: .utf8)
        let own = try #require(PSIPressureSource.ownCgroup(procRoot: root.path + "/proc", sysRoot: root.path + "/sys"))
        #expect(own.read()?.level == .nominal, "the host is busy, camsched's own cgroup is not")
        #expect(PSIPressureSource(procRoot: root.path + "/proc").read()?.level == .critical)
        var options = RunOptions()
        (options.procRoot, options.sysRoot) = (root.path + "/proc", root.path + "/sys")
        let job = try JobLoader.load(data: Data(#"{"name":"p","capture":{"record":{"duration":"1s"}}}"#.utf8), sourceURL: nil)
        #expect(PressureSources.make(job: job, root: root, options: options).all.compactMap { $0.read()?.source } == ["psi"])
        options.pressureSources = ["psi-host"]
        #expect(PressureSources.make(job: job, root: root, options: options).all.compactMap { $0.read()?.source } == ["psi-host"])
        try "0::/\n".write(to: root.appendingPathComponent("proc/self/cgroup"), atomically: true, encoding: .utf8)
        #expect(PSIPressureSource.ownCgroup(procRoot: root.path + "/proc", sysRoot: root.path + "/sys") == nil, "the root cgroup has none")
    }

    @Test func psiLevels() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pressure"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let cpu = "some avg10=45.50 avg60=10.00 avg300=2.00 total=123\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
        try cpu.write(to: root.appendingPathComponent("pressure/cpu"), atomically: true, encoding: .utf8)
        try "some avg10=1.00 avg60=0 avg300=0 total=1\nfull avg10=0 avg60=0 avg300=0 total=0\n"
            .write(to: root.appendingPathComponent("pressure/io"), atomically: true, encoding: .utf8)
        let reading = PSIPressureSource(procRoot: root.path).read()
        #expect(reading?.level == .serious)
        #expect(reading?.reason.contains("cpu") == true)
    }

    @Test func diskLevels() {
        let gib: Int64 = 1 << 30
        func level(_ free: Int64) -> PressureLevel? {
            DiskPressureSource(path: "/x", minFree: gib, freeBytes: { _ in free }).read()?.level
        }
        #expect(level(3 * gib) == .nominal)
        #expect(level(gib + gib / 2) == .fair)
        #expect(level(gib - 1) == .serious)
        #expect(level(gib / 4) == .critical)
        #expect(level(gib / 16) == .shutdown)
    }

    @Test func hysteresisHoldsTheLevelForRecoverAfter() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("level-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: file) }
        let monitor = PressureMonitor(sources: [FilePressureSource(path: file.path)], recoverAfter: 30)
        let t0 = Date(timeIntervalSince1970: 0)
        try "serious".write(to: file, atomically: true, encoding: .utf8)
        #expect(monitor.sample(now: t0) .level == .serious)
        try "critical".write(to: file, atomically: true, encoding: .utf8)
        #expect(monitor.sample(now: t0.addingTimeInterval(1)).level == .critical)
        try "nominal".write(to: file, atomically: true, encoding: .utf8)
        #expect(monitor.sample(now: t0.addingTimeInterval(2)).level == .critical)
        #expect(monitor.sample(now: t0.addingTimeInterval(20)).level == .critical)
        let after = monitor.sample(now: t0.addingTimeInterval(33))
        #expect(after.level == .nominal)
        #expect(after.changed)
    }

    @Test func unknownWordsInTheFileAreIgnored() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("level-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: file) }
        try "very hot".write(to: file, atomically: true, encoding: .utf8)
        #expect(FilePressureSource(path: file.path).read() == nil)
    }
}

@Suite struct ThrottleTests {
    @Test func policyCapsTheRate() {
        let policy = ThrottlePolicy()
        #expect(policy.fps(at: .nominal, requested: 30) == 30)
        #expect(policy.fps(at: .fair, requested: 30) == 30)
        #expect(policy.fps(at: .serious, requested: 30) == 20)
        #expect(policy.fps(at: .critical, requested: 30) == 15)
        #expect(policy.fps(at: .serious, requested: 10) == 10)
        #expect(policy.fps(at: .shutdown, requested: 30) == nil)
    }

    @Test(arguments: [20.0, 15.0, 10.0, 7.5])
    func limiterKeepsEvenlySpacedFrames(target: Double) {
        var limiter = FrameRateLimiter(fps: target)
        let period: Int64 = 33_333_333
        var kept: [Int64] = []
        for k in 0..<300 {
            let ts = Int64(k) * period
            if limiter.admit(timestamp: ts) { kept.append(ts) }
        }
        let seconds = Double(299) * Double(period) / 1e9
        let rate = Double(kept.count - 1) / seconds
        #expect(rate <= target + 0.5, "kept \(rate) fps for a \(target) fps limit")
        #expect(rate >= target * 0.85, "kept only \(rate) fps for a \(target) fps limit")
        // No gap longer than two target intervals.
        let gaps = zip(kept, kept.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { Double($0) <= 2e9 / target })
    }

    @Test func unlimitedLetsEverythingThrough() {
        var limiter = FrameRateLimiter()
        #expect((0..<100).allSatisfy { limiter.admit(timestamp: Int64($0) * 1000) })
    }
}
