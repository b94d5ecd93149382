import CamschedCore
import CamschedMedia
import CamschedV4L2
import Foundation

/// A `file:` camera: decodes a video file through the media layer (``FilePlayback``) and
/// delivers its frames as a camera would — in real time by default, or as fast as they decode
/// (`pace=fast`), optionally looping. Frames come out as packed YU12 (planar 4:2:0), converted
/// when the file has another layout.
/// Unchecked: `lock` guards its playback and position.
package final class FileBackend: CameraBackend, @unchecked Sendable {
    package let identity: CameraIdentity
    package let path: String
    package let options: FileCameraOptions

    private let lock = NSLock()
    private var playback: FilePlayback?
    private var format: CameraFormat?
    private var streamStart: Int64 = 0
    private var loopOffset: Int64 = 0
    private var lastTimestamp: Int64 = -1
    private var sequence: UInt32 = 0

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
        let opened = try FilePlayback(path: path)
        lock.withLock { playback = opened }
    }

    private var mode: CameraMode? {
        playback.map { CameraMode(pixelFormat: .yu12, width: $0.width, height: $0.height, frameRates: [$0.frameRate]) }
    }

    /// The file's own mode: what `camera.size` unset means for this camera.
    package var defaultMode: CameraMode? { lock.withLock { mode } }

    package func modes() throws(CameraError) -> [CameraMode] {
        try lock.locked { () throws(CameraError) -> [CameraMode] in
            guard let mode else { throw .invalidState("modes() before open()") }
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
        try lock.locked { () throws(CameraError) -> CameraFormat in
            guard let mode else { throw .invalidState("configure() before open()") }
            guard requested.width == mode.width, requested.height == mode.height, requested.pixelFormat == mode.pixelFormat else {
                throw .unsupportedMode(requested: requested.summary, supported: [mode.summary])
            }
            let applied = CameraFormat(pixelFormat: .yu12, width: mode.width, height: mode.height, bytesPerLine: mode.width,
                                       fps: mode.frameRates.first ?? fps)
            format = applied
            return applied
        }
    }

    package func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { nil }

    package func startStreaming() throws(CameraError) {
        lock.withLock {
            streamStart = MonotonicClock.nanoseconds()
            loopOffset = 0
            lastTimestamp = -1
        }
    }

    package func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        guard let playback = lock.withLock({ self.playback }) else { throw .invalidState("dequeue() before open()") }
        var decoded = try playback.next()
        if decoded == nil, options.loop {
            lock.withLock { loopOffset = lastTimestamp + playback.frameDurationNanoseconds }
            try playback.rewind()
            decoded = try playback.next()
        }
        guard let (picture, relative) = decoded else {
            throw .endOfStream(path: path)
        }
        let (timestamp, seq) = lock.withLock { () -> (Int64, UInt32) in
            // Strictly increasing even if the file's timestamps are not.
            let offset = max(loopOffset + relative, lastTimestamp + 1)
            lastTimestamp = offset
            sequence &+= 1
            return (streamStart + offset, sequence &- 1)
        }
        let frame = try playback.frame(from: picture, sequence: seq, timestampNanoseconds: timestamp)
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
        lock.withLock { playback = nil }
    }
}
