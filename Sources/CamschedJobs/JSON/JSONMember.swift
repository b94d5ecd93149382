/// One `"key": value` pair of a JSON object, with the key's own position.
struct JSONMember: Sendable, Equatable {
    var key: String
    var keyLocation: SourceLocation
    var value: JSONNode
}
