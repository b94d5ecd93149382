/// The members of one JSON object of a job file, by key, after unknown and duplicate keys have
/// been reported.
struct ObjectReader {
    let path: JobPath
    let location: SourceLocation
    private let members: [String: JSONMember]

    init(path: JobPath, location: SourceLocation, members: [String: JSONMember]) {
        self.path = path
        self.location = location
        self.members = members
    }

    /// The value of `key`, if present.
    func node(_ key: String) -> JSONNode? { members[key]?.value }

    /// Where `key` itself is written, if present.
    func keyLocation(_ key: String) -> SourceLocation? { members[key]?.keyLocation }

    func has(_ key: String) -> Bool { members[key] != nil }

    /// The path of a member.
    func path(_ key: String) -> JobPath { path.key(key) }
}
