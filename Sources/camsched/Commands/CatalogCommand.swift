import ArgumentParser
import CamschedFiling

/// `camsched catalog list|show|runs|verify|prune|rebuild|sync`: the SQLite catalog of everything
/// filed. Each subcommand is a type of its own (`CatalogListCommand`…).
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "List, show, verify, prune and rebuild the catalog of filed files (ROOT/catalog.sqlite).",
        discussion: """
            The catalog is derived data: the sidecars are the truth, and `catalog rebuild` makes a new catalog \
            from them. list, show, runs and verify only read, and work on a read-only copy of an archive. \
            The root: --job-file JOB.json (the job's output.root, resolved as `camsched run JOB.json` resolves it: \
            relative to the job file, or to $STATE_DIRECTORY), --root DIR, or else ./captures if it holds a catalog, \
            else the current folder. The end of every run prints the command that lists what it filed. \
            With --catalog postgres://USER@HOST/DATABASE, list, show and runs read the fleet catalog of every node; \
            sync sends the rows waiting for it now.
            """,
        subcommands: [CatalogListCommand.self, CatalogShowCommand.self, CatalogRunsCommand.self, CatalogVerifyCommand.self,
                      CatalogPruneCommand.self, CatalogRebuildCommand.self, CatalogSyncCommand.self])

    /// One `--json` line: the document as every camsched document is written (``JSONDocument``).
    static func line(_ document: some Encodable) -> String { JSONDocument.line(document) }
}
