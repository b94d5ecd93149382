import CamschedCore
import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

extension TriggerMode {
    /// One frame: look for motion and external events, open or extend the clip, encode.
    func process(_ frame: VideoFrame, stream: any FrameStream) {
        let time = frame.timestampNanoseconds
        if start == nil {
            start = time
            if stream.pacesInRealTime, let duration = spec.duration { giveUpAt = time + duration.wholeNanoseconds }
        }
        guard !reachedEnd(frame) else {
            finished = true
            return
        }
        pictures?.feed(frame)
        let reading = watcher?.analyze(frame, pictures: pictures)
        let externals = external.take(job: job.name)
        if reading?.isMotion == true || externals > 0 {
            react(to: frame, reading: reading?.isMotion == true ? reading : nil, stream: stream)
        }
        guard let recorder else { return }
        // Sound is taken at every frame, admitted or not: throttling lowers the frame rate only.
        do { try sound?.feed(recorder) } catch {
            failWriting(error)
            return
        }
        guard throttle.admit(frame) else {
            recorder.skip(frame)
            return
        }
        do { handle(try recorder.append(frame)) } catch { failWriting(error) }
    }

    /// Whether `duration` (from the first frame) or `until` has come.
    private func reachedEnd(_ frame: VideoFrame) -> Bool {
        if let duration = spec.duration, let start, frame.timestampNanoseconds - start >= duration.wholeNanoseconds { return true }
        if let until = spec.until, frame.wallClock >= until { return true }
        return false
    }

    /// Motion (or an external event) at `frame`: extends the open clip, or starts an event.
    private func react(to frame: VideoFrame, reading: MotionDetector.Reading?, stream: any FrameStream) {
        let time = frame.timestampNanoseconds
        let end = time + spec.postRoll.wholeNanoseconds
        if filing.event != nil, recorder?.isClipOpen == true {
            recorder?.extend(until: end)
            return
        }
        guard time >= cooldownUntil, let recorder else { return }
        let kind: RunEvent.TriggerKind = reading == nil ? .external : .motion
        let at = recorder.wallClock(of: frame)
        let event = SidecarEvent(at: at, kind: kind.rawValue, score: reading.map { Self.rounded($0.score) },
                                  box: reading?.box.map { $0.map(Self.rounded) })
        filing.use(event: event)
        report.publish(.trigger(RunEvent.Trigger(at: event.at, kind: kind, score: event.score, box: event.box)))
        do {
            handle(try recorder.openClip(from: time - spec.preRoll.wholeNanoseconds, until: end))
        } catch {
            failWriting(error)
            return
        }
        // A copied H.264 frame is no picture: the still is its decoded picture (an MJPEG frame is
        // the camera's own JPEG).
        if spec.still, let info = stream.info, let still = frame.pixelFormat == .h264 ? pictures?.picture() : frame {
            StillFiler(filing: runFiling, info: info, droppedFrames: stream.droppedFrames(before: frame))
                .file(still, kind: .still, scheduledAt: at, startedAt: at, event: event)
        }
    }

    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// Clips that closed start the cooldown; a split keeps the event.
    func handle(_ changes: [MovieRecorder.Change]) {
        for change in changes {
            guard case let .closed(_, end) = change, recorder?.isClipOpen != true else { continue }
            cooldownUntil = end + spec.cooldown.wholeNanoseconds
            filing.use(event: nil)
        }
    }

    func failWriting(_ error: any Error) {
        reportWriteFailure(error)
        finished = true
    }
}
