import CamschedCore

/// Commands started on events; they never stop or delay capture.
package struct HooksSpec: Sendable, Equatable {
    /// After a file is complete and filed.
    package var onFile: HookCommand?
    /// After a run ends.
    package var onRunEnd: HookCommand?
    /// When the camera goes away.
    package var onCameraLost: HookCommand?
    /// For each event of a `trigger` job (motion or external), as it starts.
    package var onEvent: HookCommand?
    /// A hook still running after this is killed. Default 30 s.
    package var timeout: Duration

    /// Creates hook settings; no hooks by default.
    package init(onFile: HookCommand? = nil, onRunEnd: HookCommand? = nil, onCameraLost: HookCommand? = nil,
                onEvent: HookCommand? = nil, timeout: Duration = .seconds(30)) {
        self.onFile = onFile
        self.onRunEnd = onRunEnd
        self.onCameraLost = onCameraLost
        self.onEvent = onEvent
        self.timeout = timeout
    }
}
