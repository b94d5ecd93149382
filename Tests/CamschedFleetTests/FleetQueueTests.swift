import CamschedFiling
import CamschedTestSupport
import Foundation
import Testing

/// The local catalog as the fleet queue, without a server: what is queued, when, with which
/// node, and that a row changed while being sent goes again.
@Suite("Fleet queue in the local catalog")
struct FleetQueueTests {
    static func sidecar(_ file: String, run: String = "r1") -> Sidecar {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        return Sidecar(
            job: "j", run: run, kind: .still, file: file, bytes: 3, sha256: String(repeating: "a", count: 64),
            startedAt: start, endedAt: start.addingTimeInterval(0.1),
            device: .init(path: "test:", card: "camsched synthetic", driver: "camsched", bus: "virtual"),
            format: .init(pixelFormat: "YUYV", width: 160, height: 120), fps: .init(requested: 30, actual: 30), frames: 1,
            droppedFrames: 0, sequence: .init(first: 1, last: 1), controls: [:], encoder: .init(name: "mjpeg", codec: "jpeg", quality: 80),
            pressure: [], interruptions: [], host: "h", camschedVersion: "t")
    }

    @Test func queuesOnlyOnceEnabledWithHistoryAndRequeuesChanges() throws {
        let root = try TemporaryDirectory("camsched-queue")
        let catalog = try Catalog.open(root: root.url)
        try catalog.files.record(Self.sidecar("j/1.jpg"))
        try catalog.runs.begin(id: "r1", job: "j", startedAt: Date())
        #expect(try catalog.fleetQueue.batch(limit: 10).isEmpty)
        #expect(try catalog.fleetQueue.settings() == nil)

        #expect(try catalog.fleetQueue.enable(node: "a", url: "postgres://u@h:5432/d") == 2)
        #expect(try catalog.fleetQueue.enable(node: "a", url: "postgres://u@h:5432/d") == 0)
        try catalog.files.record(Self.sidecar("j/2.jpg"))
        var batch = try catalog.fleetQueue.batch(limit: 10)
        #expect(batch.files.map(\.entry.file) == ["j/1.jpg", "j/2.jpg"])
        #expect(batch.runs.map(\.run.id) == ["r1"])
        #expect(Set(batch.files.map(\.node) + batch.runs.map(\.node)) == ["a"])
        #expect(try catalog.fleetQueue.backlog().rows == 3)

        // While the batch is "being sent", file 1 is deleted and the run ends: they go again.
        try catalog.files.markDeleted(file: "j/1.jpg", reason: "maxAge")
        try catalog.runs.end(id: "r1", endedAt: Date(), status: .done, exitCode: 0)
        try catalog.fleetQueue.markSent(batch.seqs)
        batch = try catalog.fleetQueue.batch(limit: 10)
        #expect(batch.files.map(\.entry.file) == ["j/1.jpg"])
        #expect(batch.files.first?.entry.deletedReason == "maxAge")
        #expect(batch.runs.first?.run.status == .done)
        try catalog.fleetQueue.markSent(batch.seqs)
        #expect(try catalog.fleetQueue.batch(limit: 10).isEmpty)
        #expect(try catalog.fleetQueue.backlog() == FleetBacklog())

        // A new node name applies to rows queued from now on; forgotten rows leave the queue unsent.
        try catalog.fleetQueue.enable(node: "b", url: "postgres://u@h:5432/d")
        try catalog.files.record(Self.sidecar("j/3.jpg", run: "r2"))
        try catalog.files.markDeleted(file: "j/3.jpg", reason: "manual", at: Date(timeIntervalSince1970: 0))
        #expect(try catalog.fleetQueue.backlog().filesByRun == ["r2": 1])
        try catalog.files.forgetDeleted(before: Date())
        batch = try catalog.fleetQueue.batch(limit: 10)
        #expect(batch.files.isEmpty && batch.stale.count == 1)
        #expect(try catalog.fleetQueue.settings()?.node == "b")
    }
}
