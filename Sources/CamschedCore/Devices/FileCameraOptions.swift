/// Options of a `file:` camera (`file:clip.mp4?pace=fast&loop=true`).
package struct FileCameraOptions: Sendable, Equatable {
    /// Deliver frames at their recorded pace (default) or as fast as they decode.
    package var fastPace = false
    /// Start again from the beginning at the end of the file.
    package var loop = false

    package init() {}

    init(query: [(String, String)], uri: String) throws(DeviceURIError) {
        for (key, value) in query {
            switch key {
            case "pace":
                guard value == "realtime" || value == "fast" else {
                    throw .invalidURI(uri: uri, reason: "pace=\(value): pace is realtime or fast")
                }
                fastPace = value == "fast"
            case "loop":
                loop = value.isEmpty || value == "true" || value == "1"
            default:
                throw .invalidURI(uri: uri, reason: "unknown option \(key); file: takes pace and loop")
            }
        }
    }
}
