import CamschedCore
internal import CFFmpegShim
import Dispatch
import Foundation

/// Finishes a recording's (or a trigger job's) files in order on one serial queue: writes each
/// ``MovieFile``'s trailer, finishes an MP4 into a plain one in place, or — for a file cut short — trims it to its complete fragments, and
/// hands each to the ``SegmentFileProvider``.
final class SegmentFinisher: Sendable {
    /// A file handed over to be finished. Unchecked: its ``MovieFile`` is not Sendable, but it
    /// is handed over — the recorder never touches a file again after ``finish(_:)``, and the
    /// finisher's one serial queue is then its only user.
    struct Job: @unchecked Sendable {
        let file: MovieFile
        let span: SegmentSpan
        let startedAt: Date
        let endedAt: Date
        var truncated: String?
    }

    private let container: MovieContainer
    private let faststart: Bool
    private let files: any SegmentFileProvider
    private let queue = DispatchQueue(label: "camsched.segment-finisher")

    init(container: MovieContainer, faststart: Bool = false, files: any SegmentFileProvider) {
        self.container = container
        self.faststart = faststart
        self.files = files
    }

    func finish(_ job: Job) {
        queue.async { [self] in run(job) }
    }

    func waitUntilDone() { queue.sync {} }

    private func run(_ job: Job) {
        // A finished file frees its encoder's and remuxer's buffers: hand them back to the
        // system, so that a recording of days does not keep the high-water mark of each one.
        defer { MemoryTrim.releaseFreedMemory() }
        var job = job
        var stats: MovieStats
        var finalizationError: String?
        if job.truncated == nil {
            do {
                stats = try job.file.finishWriting()
            } catch let error as AVError where error.isNoSpace {
                job.truncated = "disk full"
                stats = job.file.stats
            } catch {
                job.truncated = "write error: \(error)"
                stats = job.file.stats
            }
        } else {
            stats = job.file.stats
        }
        let path = job.file.path
        var endedAt = job.endedAt
        if let truncated = job.truncated {
            job.file.abandon()
            // Described as what it holds now: its last frame, duration and end, not those of
            // the frames that were cut away.
            let kept = Self.keepCompleteFragments(of: path, container: container)
            stats.keep(upToPts: kept.lastPts ?? 0, frames: kept.frames, lastDuration: kept.lastDuration)
            endedAt = min(endedAt, job.startedAt.addingTimeInterval(stats.durationSeconds))
            finalizationError = "cut short (\(truncated)): kept the complete fragments"
            // Finished in place too when its index still fits (the cut freed the open fragment's
            // room); else it stays fragmented, and plays.
            if container == .mp4 { try? MovieWriter.finalize(path: path, container: container) }
        } else {
            // Finished in place (a few KiB of index); the faststart pass needs room for a copy,
            // which would take the room the recording (or the next file's sidecar) needs.
            let shortage = faststart && container == .mp4 ? Self.roomShortage(toRemux: path) : nil
            do { try MovieWriter.finalize(path: path, container: container, faststart: faststart && shortage == nil) } catch {
                // The fragmented file is complete and plays.
                finalizationError = "\(error)"
            }
            if let shortage { finalizationError = "index left at the end: \(shortage)" }
        }
        guard stats.framesWritten > 0 else {
            files.abandon(index: job.span.index)
            return
        }
        files.finished(FinishedSegment(
            index: job.span.index, path: path, stats: stats, startedAt: job.startedAt, endedAt: endedAt,
            droppedFrames: job.span.dropped + max(0, job.span.frames - stats.framesWritten),
            measuredFPS: job.span.measuredFPS, truncated: job.truncated, finalizationError: finalizationError))
    }

    /// Why the final remux of `path` is skipped, or `nil` when there is room for it: the copy
    /// needs as much again as the file, and afterwards at least as much must stay free for
    /// what is still being recorded.
    static func roomShortage(toRemux path: URL) -> String? {
        var status = stat()
        var space = statvfs()
        guard stat(path.path, &status) == 0, statvfs(path.path, &space) == 0 else { return nil }
        let free = Int64(space.f_bavail) * Int64(space.f_frsize)
        let size = Int64(status.st_size)
        guard free < 2 * size else { return nil }
        return "not enough free space for the copy (\(free / 1024) KiB free, \(size / 1024) KiB needed twice)"
    }

    /// Cuts a file that stopped mid-write after its last complete fragment and reads what it
    /// then holds.
    static func keepCompleteFragments(of path: URL, container: MovieContainer) -> MoviePackets.Summary {
        if container == .mp4, let keep = MP4BoxScanner.completeFragmentsLength(ofFileAt: path.path) {
            _ = truncate(path.path, off_t(keep))
            FileSync.sync(path: path.path)
        }
        return MoviePackets.summary(of: path)
    }
}

/// Counting what a movie file holds without decoding it.
enum MoviePackets {
    /// What the video packets of a file add up to; times in 1/90 000 s.
    struct Summary {
        var frames = 0
        var lastPts: Int64?
        var lastDuration: Int64 = 0
    }

    /// The video packets (frames) of `url` that a demuxer can read; 0 when it cannot open it.
    static func countVideoPackets(in url: URL) -> Int { summary(of: url).frames }

    /// Counts the video packets of `url` and finds the latest one's PTS and duration.
    static func summary(of url: URL) -> Summary {
        var summary = Summary()
        guard let input = try? InputFormatContext(path: url.path), let index = input.videoStreamIndex(),
              let stream = input.stream(index) else { return summary }
        let base = stream.pointee.time_base
        let ticks = AVRational(num: 1, den: 90_000)
        while let packet = try? input.readPacket() {
            let raw = packet.pointer.pointee
            guard raw.stream_index == Int32(index) else { continue }
            summary.frames += 1
            guard raw.pts != cs_av_nopts_value() else { continue }
            let pts = av_rescale_q(raw.pts, base, ticks)
            if pts >= summary.lastPts ?? .min {
                summary.lastPts = pts
                summary.lastDuration = av_rescale_q(raw.duration, base, ticks)
            }
        }
        return summary
    }
}
