import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// A burst: `count` stills at `fps` (default the camera's rate) from a running stream,
/// optionally bracketing exposure by EV offsets — each stop doubles or halves the exposure
/// time — and restoring the camera's exposure afterwards. With a bracket, `count` is the
/// number of sets: `count × bracket.count` stills (as `camsched plan` shows).
struct BurstCapture {
    let context: RunContext
    let spec: BurstSpec
    let session: CaptureSession

    /// Errors that are known before any capture (bracketing without manual exposure).
    static func check(_ spec: BurstSpec, session: CaptureSession) -> String? {
        guard !spec.bracket.isEmpty else { return nil }
        let controls = (try? session.camera.controls()) ?? []
        if !controls.contains(where: { $0.id == ControlID.exposureAbsolute && !$0.readOnly }) {
            return "bracketing needs manual exposure, but the camera \(session.camera.identity.card) has no exposure_time_absolute control"
        }
        return nil
    }

    func run() throws(CameraError) -> [FiledLocation] {
        try session.start(warmup: context.job.camera.warmup)
        let queue = session.addConsumer(capacity: 4)
        defer { session.close() }
        let fps = min(spec.fps ?? session.format?.fps ?? 30, session.format?.fps ?? 30)
        let interval = Int64(1e9 / fps)
        var filed: [FiledLocation] = []
        var exposureBefore: (mode: Int64?, value: Int64)?
        if !spec.bracket.isEmpty {
            let mode = try? session.camera.getControl(id: ControlID.exposureAuto)
            let value = try session.camera.getControl(id: ControlID.exposureAbsolute)
            exposureBefore = (mode, value)
            if mode != nil { _ = try session.camera.setControl(id: ControlID.exposureAuto, value: ControlID.exposureModeManual) }
        }
        defer {
            if let before = exposureBefore {
                _ = try? session.camera.setControl(id: ControlID.exposureAbsolute, value: before.value)
                if let mode = before.mode { _ = try? session.camera.setControl(id: ControlID.exposureAuto, value: mode) }
            }
        }
        let total = spec.bracket.isEmpty ? spec.count : spec.count * spec.bracket.count
        context.progress.update { $0.total = total }
        var nextDue: Int64?
        var index = 0
        let startWall = Date()
        var firstDue: Int64?
        var exposureText: String?
        var exposureSetFor = -1
        while index < total, !context.stop.isRequested {
            if let before = exposureBefore, exposureSetFor != index {
                exposureSetFor = index
                let ev = spec.bracket[index % spec.bracket.count]
                let wanted = Int64((Double(before.value) * pow(2, ev)).rounded())
                let set = try session.camera.setControl(id: ControlID.exposureAbsolute, value: max(1, wanted))
                exposureText = "bracket \(ev >= 0 ? "+" : "")\(FrameRateText.format(ev)) EV: \(set)"
                // Let the new exposure reach the sensor: skip the frames already in flight.
                let settleAfter = MonotonicClock.nanoseconds() + 2 * interval
                nextDue = max(nextDue ?? 0, settleAfter)
            }
            guard let frame = try queue.pop(timeout: .seconds(3)) else { continue }
            if let due = nextDue, frame.timestampNanoseconds < due - interval / 4 { continue }
            if firstDue == nil { firstDue = frame.timestampNanoseconds }
            let startedAt = startWall.addingTimeInterval(Double(frame.timestampNanoseconds - (firstDue ?? 0)) / 1e9)
            if let location = StillFiler(context: context, session: session)
                .file(frame, kind: .burst, scheduledAt: nil, startedAt: startedAt, exposureOverride: exposureText) {
                filed.append(location)
            }
            nextDue = frame.timestampNanoseconds + interval
            index += 1
            context.progress.update { $0.done = index }
        }
        return filed
    }
}

/// Applies the job's retention policy (before each capture and after each segment).
struct RetentionStep {
    let context: RunContext

    func apply() {
        let spec = context.job.retention
        guard spec.maxAge != nil || spec.maxSize != nil || spec.minFree != nil, let catalog = context.catalog else { return }
        let policy = RetentionPolicy(maxAge: spec.maxAge, maxSize: spec.maxSize, minFree: spec.minFree)
        do {
            let report = try Retention.apply(policy, catalog: catalog, root: context.root, job: context.job.name, now: Date())
            if !report.deleted.isEmpty {
                context.logger.info("retention removed \(report.deleted.count) file(s)")
            }
        } catch {
            context.warn("retention failed: \(error)")
        }
    }
}
