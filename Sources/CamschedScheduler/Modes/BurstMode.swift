import CamschedCapture
import CamschedCore
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// A burst: `count` stills at `fps` (default the camera's rate) from a running stream,
/// optionally bracketing exposure by EV offsets — each stop doubles or halves the exposure
/// time — and restoring the camera's exposure afterwards. With a bracket, `count` is the
/// number of sets: `count × bracket.count` stills (as `camsched plan` shows). Each still's
/// `scheduledAt` is when it was due: the first frame, then one frame interval (or the
/// bracket's settling time) after the previous still.
final class BurstMode: CaptureMode {
    let spec: BurstSpec
    let report: RunReporter
    let stop: StopSignal
    let filing: RunFiling
    private var exposureBefore: (mode: ControlValue?, value: ControlValue)?

    init(spec: BurstSpec, report: RunReporter, stop: StopSignal, filing: RunFiling) {
        self.spec = spec
        self.report = report
        self.stop = stop
        self.filing = filing
    }

    /// Errors that are known before any capture (bracketing without manual exposure).
    func check(_ stream: any FrameStream) -> String? {
        guard !spec.bracket.isEmpty else { return nil }
        let controls = (try? stream.controls()) ?? []
        if controls.writable(.exposureTime) == nil {
            let identity = stream.info?.identity
            let name = identity.flatMap { CameraKind.of(driver: $0.driver).controlName(.exposureTime) }.map { " (\($0))" } ?? ""
            return "the camera \(identity?.card ?? "") has no manual exposure time control\(name) to step; nothing was taken: "
                + "remove capture.burst.bracket to take the burst without bracketing"
        }
        return nil
    }

    func run(_ stream: any FrameStream) throws(CameraError) {
        try stream.start()
        defer { stream.stop() }
        // Stopped during the warm-up: there is no camera to shoot with.
        if stop.isRequested { return }
        if let problem = check(stream) { throw .unsupportedControl(name: "capture.burst.bracket", reason: problem) }
        try prepareBracket(stream)
        defer { restoreExposure(stream) }
        let cameraFPS = stream.info?.format.fps ?? 30
        let fps = min(spec.fps ?? cameraFPS, cameraFPS)
        try shoot(stream, interval: Int64(1e9 / fps), paced: fps < cameraFPS * 0.99)
    }

    /// Files `count` stills. At the camera's rate every frame delivered is taken (timestamps
    /// jitter: one closer than a frame interval to the last is no reason to skip it); a slower
    /// burst (`paced`) and a frame after a bracket step wait for their due time.
    private func shoot(_ stream: any FrameStream, interval: Int64, paced: Bool) throws(CameraError) {
        let total = spec.bracket.isEmpty ? spec.count : spec.count * spec.bracket.count
        report.publish(.planned(.init(captures: total)))
        var due: Int64?
        var timeline: CaptureTimeline?
        var index = 0
        var exposureText: String?
        var exposureSetFor = -1
        var settling = false
        while index < total, !stop.isRequested {
            if exposureBefore != nil, exposureSetFor != index {
                exposureSetFor = index
                exposureText = try applyBracket(index, stream: stream)
                // Let the new exposure reach the sensor: skip the frames already in flight.
                due = max(due ?? 0, report.clock.monotonicNanoseconds() + 2 * interval)
                settling = true
            }
            guard case let .frame(frame)? = try stream.next(timeout: .seconds(3)) else { continue }
            if paced || settling, let due, frame.timestampNanoseconds < due - interval / 4 { continue }
            settling = false
            let anchored = timeline ?? CaptureTimeline(anchoredAt: frame)
            timeline = anchored
            let dueAt = due ?? frame.timestampNanoseconds
            guard let info = stream.info else { break }
            StillFiler(filing: filing, info: info, droppedFrames: stream.droppedFrames(before: frame))
                .file(frame, kind: .burst, scheduledAt: anchored.wall(min(dueAt, frame.timestampNanoseconds)),
                      startedAt: anchored.wall(frame.timestampNanoseconds), exposureOverride: exposureText)
            due = frame.timestampNanoseconds + interval
            index += 1
        }
    }

    private func prepareBracket(_ stream: any FrameStream) throws(CameraError) {
        guard !spec.bracket.isEmpty else { return }
        let mode = try? stream.getControl(.meaning(.autoExposure))
        let value = try stream.getControl(.meaning(.exposureTime))
        exposureBefore = (mode, value)
        if mode != nil { _ = try stream.setControl(.meaning(.autoExposure), to: .boolean(false)) }
    }

    private func applyBracket(_ index: Int, stream: any FrameStream) throws(CameraError) -> String? {
        guard let before = exposureBefore else { return nil }
        let ev = spec.bracket[index % spec.bracket.count]
        let wanted = (before.value.real ?? 1) * pow(2, ev)
        let set = try stream.setControl(.meaning(.exposureTime), to: .real(max(1, wanted)))
        return "bracket \(ev >= 0 ? "+" : "")\(FrameRateText.format(ev)) EV: \(set)"
    }

    private func restoreExposure(_ stream: any FrameStream) {
        guard let before = exposureBefore else { return }
        _ = try? stream.setControl(.meaning(.exposureTime), to: before.value)
        if let mode = before.mode { _ = try? stream.setControl(.meaning(.autoExposure), to: mode) }
    }
}
