import CamschedCore
import Foundation
import Testing
@testable import CamschedFiling

/// A run's start adopts the files of earlier runs only: its own files' rows are queued behind
/// the adoption, and a still filed before the catalog opened must not be adopted from its
/// sidecar first (logged as a file the catalog had lost) and recorded again.
@Suite struct CatalogAdoptionRunTests {
    @Test func theRunningRunsFilesAreLeftToItsOwnRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try CatalogAdoptionTests().orphans(folder)
        // The "hall" stills are this run's: their sidecars say so.
        let current = "20261126T120000Z-cafe"
        for index in 0..<2 {
            let url = URL(fileURLWithPath: folder.path + "/hall/shot-\(index).jpg.json")
            var sidecar = try Sidecar.read(from: url)
            sidecar.run = current
            try sidecar.write(to: url)
        }
        let adopted = try catalog.maintenance.adoptFilesWithSidecars(excludingRun: current)
        #expect(adopted.map(\.file) == ["garden/shot-0.jpg", "garden/shot-1.jpg", "garden/shot-2.jpg", "garden/shot-3.jpg"])
        #expect(try catalog.files.list(job: "hall").isEmpty)
        // Once the run is over, a later start adopts them (had their rows been lost).
        #expect(try catalog.maintenance.adoptFilesWithSidecars(excludingRun: "another").map(\.file) == ["hall/shot-0.jpg", "hall/shot-1.jpg"])
    }

    @Test func theWritersOperationAtARunsStartLeavesThatRunsFilesOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try CatalogAdoptionTests().orphans(folder)
        // Every orphan of the fixture was filed by one run.
        let run = try Sidecar.read(from: URL(fileURLWithPath: folder.path + "/garden/shot-0.jpg.json")).run
        try CatalogWriteOperation.adoptFilesOfEarlierRuns(currentRun: run).perform(on: catalog)
        #expect(try catalog.files.list().isEmpty)
        try CatalogWriteOperation.adoptFilesOfEarlierRuns(currentRun: "20261126T120000Z-next").perform(on: catalog)
        #expect(try catalog.files.list().count == 6)
    }
}
