/// Whether an interval keeps the camera stream running between shots.
///
/// JSON: `"auto"`, `true` (always) or `false` (never).
package enum KeepOpenPolicy: Sendable, Equatable {
    /// Keep the stream running when `every` is under 30 s, else close it and warm up again.
    case auto
    /// Keep the stream running.
    case always
    /// Close the device between shots and warm up again before each.
    case never
}
