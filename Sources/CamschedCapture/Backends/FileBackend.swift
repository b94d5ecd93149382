import CamschedCore
import CamschedMedia
import CamschedV4L2
import Foundation
import Synchronization

/// A `file:` camera: decodes a video file through the media layer (``FilePlayback``) and
/// delivers its frames as a camera would — in real time by default, or as fast as they decode
/// (`pace=fast`), optionally looping. Frames come out as packed YU12 (planar 4:2:0), converted
/// when the file has another layout.
/// Its playback and position are in `state`; frames are decoded under its lock (only the
/// capture thread asks for them), the pacing wait is outside it.
package final class FileBackend: CameraBackend, Sendable {
    package let identity: CameraIdentity
    package let path: String
    package let options: FileCameraOptions

    private let state = Mutex(State())

    private struct State {
        var playback: FilePlayback?
        var format: CameraFormat?
        var streamStart: Int64 = 0
        var loopOffset: Int64 = 0
        var lastTimestamp: Int64 = -1
        var sequence: UInt32 = 0

        var mode: CameraMode? {
            playback.map { CameraMode(pixelFormat: .yu12, width: $0.width, height: $0.height, frameRates: [$0.frameRate]) }
        }
    }

    package init(path: String, options: FileCameraOptions) {
        self.path = path
        self.options = options
        let name = (path as NSString).lastPathComponent
        identity = CameraIdentity(path: "file:\(path)", card: name, driver: "camsched-file", bus: "file:\(path)",
                                  stableKey: "file|\(path)")
    }

    package var pacesInRealTime: Bool { !options.fastPace }
    /// A recorded video has nothing to settle: no warm-up unless the job asks for one.
    package var settlesAfterStart: Bool { false }
    package var droppedFrames: Int { 0 }

    package func open() throws(CameraError) {
        guard FileManager.default.fileExists(atPath: path) else {
            // Say the file is missing, not that no camera was found: it is a path the user typed.
            throw .fileUnreadable(path: path, reason: "no such file; check the path (relative paths in a job are taken from the job file's folder)")
        }
        try state.withLock { state throws(CameraError) in state.playback = try FilePlayback(path: path) }
    }

    /// The file's own mode: what `camera.size` unset means for this camera.
    package var defaultMode: CameraMode? { state.withLock { $0.mode } }

    package func modes() throws(CameraError) -> [CameraMode] {
        try state.withLock { state throws(CameraError) -> [CameraMode] in
            guard let mode = state.mode else { throw .invalidState("modes() before open()") }
            return [mode]
        }
    }

    package func currentMode() -> CameraMode? { defaultMode }

    package func controls() throws(CameraError) -> [CameraControl] { [] }

    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        throw .unsupportedControl(name: key.description, reason: "a file camera has no controls")
    }

    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue {
        throw .unsupportedControl(name: key.description, reason: "a file camera has no controls")
    }

    package func configure(mode requested: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        try state.withLock { state throws(CameraError) -> CameraFormat in
            guard let mode = state.mode else { throw .invalidState("configure() before open()") }
            guard requested.width == mode.width, requested.height == mode.height, requested.pixelFormat == mode.pixelFormat else {
                throw .unsupportedMode(requested: requested.summary, supported: [mode.summary])
            }
            let applied = CameraFormat(pixelFormat: .yu12, width: mode.width, height: mode.height, bytesPerLine: mode.width,
                                       fps: mode.frameRates.first ?? fps)
            state.format = applied
            return applied
        }
    }

    package func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { nil }

    package func startStreaming() throws(CameraError) {
        state.withLock { state in
            state.streamStart = MonotonicClock.nanoseconds()
            state.loopOffset = 0
            state.lastTimestamp = -1
        }
    }

    package func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        let frame = try state.withLock { state throws(CameraError) -> VideoFrame in try Self.decodeNext(&state, loop: options.loop, path: path) }
        let timestamp = frame.timestampNanoseconds
        if !options.fastPace {
            let now = MonotonicClock.nanoseconds()
            let limit = now.addingReportingOverflow(timeout.wholeNanoseconds).overflow ? .max : now + timeout.wholeNanoseconds
            MonotonicClock.sleep(until: min(timestamp, limit))
        }
        return .owned(frame)
    }

    /// Nothing to stop: frames are decoded when asked for.
    package func stopStreaming() {}

    package func close() {
        state.withLock { $0.playback = nil }
    }

    /// The next frame of the file (from its start again at its end, with `loop`), stamped after
    /// the last one, on the stream's clock.
    private static func decodeNext(_ state: inout State, loop: Bool, path: String) throws(CameraError) -> VideoFrame {
        guard let playback = state.playback else { throw .invalidState("dequeue() before open()") }
        var decoded = try playback.next()
        if decoded == nil, loop {
            state.loopOffset = state.lastTimestamp + playback.frameDurationNanoseconds
            try playback.rewind()
            decoded = try playback.next()
        }
        guard let (picture, relative) = decoded else {
            throw .endOfStream(path: path)
        }
        // Strictly increasing even if the file's timestamps are not.
        let offset = max(state.loopOffset + relative, state.lastTimestamp + 1)
        state.lastTimestamp = offset
        state.sequence &+= 1
        return try playback.frame(from: picture, sequence: state.sequence &- 1, timestampNanoseconds: state.streamStart + offset)
    }
}
