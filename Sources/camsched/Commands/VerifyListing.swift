import CamschedFiling

/// What `catalog verify --json` found: files missing or not as catalogued, files under the root
/// the catalog does not know, partial files, and files it could not read (with why).
struct VerifyListing: Encodable {
    struct Mismatch: Encodable {
        var file, sha256, actualSHA256: String
        var bytes, actualBytes: Int64
    }

    var checked: Int
    var clean: Bool
    var missing: [String]
    var mismatched: [Mismatch]
    var unknown, partials, partialsInUse: [String]
    var unreadable: [String: String]

    init(_ report: VerifyReport) {
        (checked, clean, missing) = (report.checked, report.isClean, report.missing.map(\.file))
        mismatched = report.mismatched.map {
            Mismatch(file: $0.entry.file, sha256: $0.entry.sha256, actualSHA256: $0.actualSHA256 ?? "", bytes: $0.entry.bytes,
                     actualBytes: $0.actualBytes)
        }
        (unknown, partials, partialsInUse, unreadable) = (report.unknownFiles, report.stalePartials, report.partialsInUse, report.unreadable)
    }
}
