/// A JSON path for messages: `camera.device[1]`, `camera.controls["white balance"]`.
struct JobPath: Sendable, Equatable, CustomStringConvertible {
    var description: String

    static let root = JobPath(description: "")

    /// The path of a member of the object at this path.
    func key(_ key: String) -> JobPath {
        let simple = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        if !simple { return JobPath(description: description + "[" + JSONNode.quoted(key) + "]") }
        return JobPath(description: description.isEmpty ? key : description + "." + key)
    }

    /// The path of an element of the array at this path.
    func index(_ index: Int) -> JobPath {
        JobPath(description: description + "[\(index)]")
    }
}
