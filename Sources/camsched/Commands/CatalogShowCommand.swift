import ArgumentParser
import CamschedFiling
import CamschedFleet
import CamschedJobs
import Foundation

/// `camsched catalog show FILE`: one file's sidecar (local, or a fleet catalog's).
struct CatalogShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one file's metadata (by id or by path relative to the root).")
    @OptionGroup var common: CatalogOptions
    @OptionGroup var fleet: FleetCatalogOptions
    @Argument(help: "A catalog id or a file path relative to the root.") var file: String

    func run() async throws {
        if let url = fleet.url {
            do { try await Self.showFleet(url, options: fleet, file: file) } catch { exit(with: error) }
            return
        }
        let catalog: Catalog
        do { catalog = try common.open(readOnly: true) } catch { exit(with: error) }
        let entry = try Int64(file).flatMap { try catalog.files.entry(id: $0) } ?? catalog.files.entry(file: file)
        guard let entry else { exit(with: CLIFailure("no catalogued file \(file)", code: .invalidInput)) }
        let sidecar = try entry.sidecar()
        Terminal.out(String(decoding: try sidecar.jsonData(), as: UTF8.self))
    }

    /// `show --catalog URL FILE [--node N]`: the sidecar; the node must be named when several have the path.
    static func showFleet(_ url: FleetCatalogURL, options: FleetCatalogOptions, file: String) async throws(CLIFailure) {
        let found: [(node: String, sidecar: String)]
        do { found = try await options.query(url).sidecars(file: file, node: options.node) } catch {
            throw CLIFailure("\(error)", code: .runtimeFailure)
        }
        guard let first = found.first else { throw CLIFailure("no node has a file \(file) in the fleet catalog", code: .invalidInput) }
        guard found.count == 1 else {
            throw CLIFailure("\(found.count) nodes have \(file): \(found.map(\.node).joined(separator: ", ")); name one with --node", code: .invalidInput)
        }
        Terminal.out(first.sidecar)
    }
}
