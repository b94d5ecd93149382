/// A file `catalog prune --json` deleted (or, with `--dry-run`, would delete: `dryRun: true`).
struct PruneListing: Encodable {
    var job, file, reason: String
    var bytes: Int64
    var dryRun: Bool?
}
