/// Why a hook runs; the value of `CAMSCHED_EVENT`.
package enum HookEvent: String, Sendable, Equatable {
    /// `onFile`: a file is complete and filed.
    case file
    /// `onRunEnd`: a run ended.
    case runEnd
    /// `onCameraLost`: the camera went away.
    case cameraLost
    /// `onEvent`: a `trigger` job's event (motion or external) started.
    case event
}

extension HookEvent {
    /// The hook's key in the job file: `onFile`, `onRunEnd`, `onCameraLost`, `onEvent`.
    package var key: String { "on" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
