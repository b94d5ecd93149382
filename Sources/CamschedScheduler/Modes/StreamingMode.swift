import CamschedCapture
import CamschedCore
import CamschedMedia

/// A mode that takes every frame of a running stream into a ``MovieRecorder`` — a recording
/// (`RecordMode`) or a trigger job (`TriggerMode`) — and the one loop both run: pull the stream
/// with a 250 ms poll, sample pressure once a second (the throttle sets the recorder's rate in
/// force), hand each frame on, report the camera's loss and return, and end on a stop, on
/// pressure reaching `shutdown`, or when the mode says so.
protocol StreamingMode: AnyObject {
    var report: RunReporter { get }
    var stop: StopSignal { get }
    /// The run's filing (a failed write is classified there).
    var runFiling: RunFiling { get }
    var throttle: RecordingThrottle { get set }
    var tracker: InterruptionTracker { get set }
    /// The recorder, once the camera is configured.
    var recorder: MovieRecorder? { get }
    /// A frame of the stream; false: the capture is complete or cannot go on.
    func take(_ frame: VideoFrame, stream: any FrameStream) -> Bool
    /// The camera went away (its loss is reported next); false: the capture cannot go on.
    func cameraLost() -> Bool
    /// Nothing came within the poll from `stream`; false: the capture is over.
    func quiet(_ stream: any FrameStream) -> Bool
    /// The stream ended for good (a file camera's end, or a camera that failed).
    func endOfStream(_ error: CameraError)
}

extension StreamingMode {
    /// Reports a failed encode or write of the recorder: a full disk stops the run (told
    /// apart by ``RunFiling/failed(_:message:)``), anything else is an error of the run.
    func reportWriteFailure(_ error: any Error) {
        runFiling.failed(error, message: "encoding failed: \(error)")
    }

    /// Runs the loop until the capture is over, stopped, or fails.
    func pump(_ stream: any FrameStream) {
        while !stop.isRequested, throttle.tick(report: report, stop: stop, stream: stream, recorder: recorder) {
            let item: StreamItem?
            do { item = try stream.next(timeout: .milliseconds(250)) } catch {
                endOfStream(error)
                return
            }
            switch item {
            case let .frame(frame)?:
                guard take(frame, stream: stream) else { return }
            case let .lost(loss)?:
                let goesOn = cameraLost()
                tracker.lost(loss, report: report)
                guard goesOn else { return }
            case .returned?:
                tracker.returned(report: report)
            case nil:
                guard quiet(stream) else { return }
            }
        }
    }
}
