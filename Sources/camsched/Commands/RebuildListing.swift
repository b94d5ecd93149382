/// What `catalog rebuild --json` did (`movedAside` only when an old catalog was moved aside).
struct RebuildListing: Encodable {
    var root: String
    var files, fromSidecars, adopted, runs: Int
    var warnings: [String]
    var movedAside: String?
}
