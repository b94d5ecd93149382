import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Glibc
import Logging
import Testing

/// A run's filing service: reserve → commit → describe gives the template's name, the sidecar
/// and the catalog row; a failed write is a full disk only by its type and errno; a number
/// taken for a file that was not filed is taken again by the next file of its kind.
@Suite struct RunFilingTests {
    final class Run {
        let root: URL
        let filing: RunFiling
        let events = EventCollector()
        let stop = StopSignal()

        init(catalog: Bool = false) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("run-filing-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let job = try JobLoader.load(data: Data("""
            {"name": "filing", "camera": {"device": "test:"}, "capture": {"interval": {"every": "1s", "count": 3}},
             "output": {"root": "out", "path": "{kind}-{seq:2}"}}
            """.utf8), sourceURL: root.appendingPathComponent("job.json"))
            let record = RunRecord()
            let root = self.root
            filing = RunFiling(job: job, runID: "run-1", root: root, template: try PathTemplate(parsing: job.output.path),
                               report: RunReporter(events: RunEventBus([record, events]), clock: ManualCaptureClock(),
                                                   logger: Logger(label: "test")),
                               record: record, stop: stop,
                               openCatalog: catalog ? { @Sendable in try? Catalog.open(root: root) } : nil)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        var files: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        }
    }

    static let diskFull = FilingError.diskFull(filesystem: "/out", freeBytes: 0, path: "/out/a.jpg", errno: ENOSPC)

    @Test func aReservedFileIsCommittedUnderItsNameAndDescribed() throws {
        let run = try Run(catalog: true)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let file = try run.filing.reserve(.clip, date: date, device: "cam", extension: "mp4", reservingSidecar: true)
        #expect(file.seq == 1)
        try Data([1, 2, 3, 4]).write(to: file.url)
        let location = try run.filing.commit(file)
        #expect(location.relativePath == "clip-01.mp4")
        #expect(location.bytes == 4)
        let sidecar = SidecarBuilder(filing: run.filing, info: nil).sidecar(kind: .clip, location: location, startedAt: date, endedAt: date)
        let described = try #require(run.filing.describe(location, sidecar: sidecar, slot: file.partial.sidecarSlot))
        #expect(described == location.sidecarURL)
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: location.sidecarURL)) as? [String: Any])
        #expect(json["file"] as? String == "clip-01.mp4")
        #expect(json["run"] as? String == "run-1")
        #expect(json["bytes"] as? Int == 4)
        #expect(run.files.filter { !$0.hasPrefix("catalog") } == ["clip-01.mp4", "clip-01.mp4.json"])
        // The catalog row was handed to the run's writer; it is there once the writer drained.
        run.filing.finishCatalog()
        let rows = try Catalog.open(root: run.root).files.list(job: "filing")
        #expect(rows.map(\.file) == ["clip-01.mp4"])
        // The next clip takes the next number; a still has its own sequence.
        let next = try run.filing.reserve(.clip, date: date, device: "cam", extension: "mp4", reservingSidecar: false)
        #expect(next.seq == 2)
        run.filing.abandon(next)
        let still = try run.filing.file(.still, date: date, device: "cam", extension: "jpg", reservingSidecar: false) { try $0.write([9]) }
        #expect(still.seq == 1)
        #expect(still.location.relativePath == "still-01.jpg")
        #expect(run.events.errors.isEmpty, "\(run.events.errors)")
    }

    @Test func aFullDiskIsClassifiedByItsTypedErrorAndStopsTheRun() throws {
        let run = try Run()
        // The still filer's path: the write fails with the filer's typed full-disk error.
        #expect(throws: Self.diskFull) {
            _ = try run.filing.file(.still, date: Date(), device: "cam", extension: "jpg", reservingSidecar: true) { _ in
                throw Self.diskFull
            }
        }
        run.filing.failed(Self.diskFull, message: "could not file a still: \(Self.diskFull)")
        #expect(run.events.errors.count == 1)
        #expect(run.events.errors.first?.hasPrefix("disk full: the filesystem at ") == true, "\(run.events.errors)")
        #expect(run.stop.reason == .shutdown("disk full"))
        #expect(run.files.isEmpty, "nothing is left behind: \(run.files)")
    }

    @Test func anotherFailureIsAnErrorOfTheRunAndDoesNotStopIt() throws {
        let run = try Run()
        // Text that reads like a full disk is not one: only the type and errno decide.
        let failure = FilingError.writerFailed(path: "/out/a.jpg", message: "No space left on device")
        run.filing.failed(failure, message: "could not file a still: \(failure)")
        #expect(run.events.errors == ["could not file a still: \(failure)"])
        #expect(run.stop.reason == nil)
    }

    @Test func everyLayersFullDiskErrorIsRecognised() {
        #expect(RunFiling.isDiskFull(Self.diskFull))
        #expect(RunFiling.isDiskFull(RecordingError.diskFull(path: "/out/a.mp4")))
        #expect(RunFiling.isDiskFull(SidecarError.filing(Self.diskFull)))
        #expect(RunFiling.isDiskFull(CatalogError.filing(Self.diskFull)))
        #expect(RunFiling.isDiskFull(CatalogError.database(path: "/out/catalog.db", code: 13, message: "database or disk is full")))
        #expect(!RunFiling.isDiskFull(CatalogError.database(path: "/out/catalog.db", code: 5, message: "disk full")))
        #expect(!RunFiling.isDiskFull(FilingError.writerFailed(path: "/out/a", message: "disk full")))
        #expect(!RunFiling.isDiskFull(SidecarError.decoding(message: "disk full")))
    }

    @Test func aNumberIsGivenBackWhenTheFileIsNotFiled() throws {
        let run = try Run()
        let date = Date()
        // A still whose write fails gives its number back: the next still takes it.
        #expect(throws: FilingError.self) {
            _ = try run.filing.file(.still, date: date, device: "cam", extension: "jpg", reservingSidecar: true) { _ in
                throw Self.diskFull
            }
        }
        let still = try run.filing.file(.still, date: date, device: "cam", extension: "jpg", reservingSidecar: true) { try $0.write([1]) }
        #expect(still.seq == 1)
        #expect(still.location.relativePath == "still-01.jpg")
        // An abandoned reservation gives its number back, and so does one the filer refuses.
        let abandoned = try run.filing.reserve(.segment, date: date, device: "cam", extension: "mp4", reservingSidecar: true)
        #expect(abandoned.seq == 1)
        run.filing.abandon(abandoned)
        #expect(throws: FilingError.invalidRelativePath("*.partial")) {
            _ = try run.filing.reserve(.segment, date: date, device: "cam", extension: "partial", reservingSidecar: true)
        }
        let segment = try run.filing.reserve(.segment, date: date, device: "cam", extension: "mp4", reservingSidecar: true)
        #expect(segment.seq == 1)
        #expect(segment.partial.relativePath == "segment-01")
        run.filing.abandon(segment)
        #expect(run.events.errors.isEmpty)
    }
}
