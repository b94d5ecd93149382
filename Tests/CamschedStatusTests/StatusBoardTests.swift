import CamschedCore
import CamschedCapture
import CamschedFiling
import CamschedMedia
@testable import CamschedScheduler
import CamschedStatus
import CamschedV4L2
import Foundation
import Testing

/// The board and the metrics learn a run from its events and its frame tap, with exact counts.
@Suite struct StatusBoardTests {
    static func frame(_ sequence: UInt32, byte: UInt8 = 0) -> VideoFrame {
        let bytes = [UInt8](repeating: byte, count: 8 * 2 * 2)
        return bytes.withUnsafeBytes {
            VideoFrame(width: 8, height: 2, pixelFormat: .yuyv, bytesPerLine: 16, copying: $0, sequence: sequence,
                       timestampNanoseconds: MonotonicClock.nanoseconds(), wallClock: Date())
        }
    }

    @Test func aTapCountsFramesAndTheStreamsDropsAndCopiesOnlyWhenAsked() {
        let tap = FrameTap()
        #expect(!tap.isStreaming)
        tap.streamBegan()
        // Gaps in the frames a mode pulls are no drops (a time-lapse pulls a few frames a shot):
        // the stream's own count is.
        for sequence: UInt32 in [10, 11, 12, 15, 16, 40] { tap.observe(Self.frame(sequence)) }
        tap.dropped(inStream: 2)
        #expect(tap.framesSeen == 6)
        #expect(tap.framesDropped == 2, "what the stream counted")
        #expect(tap.isStreaming)
        #expect(tap.frame(after: -1) == nil, "nothing was copied: no one asked")
        let generation = tap.request()
        tap.observe(Self.frame(17, byte: 7))
        let copy = tap.frame(after: generation)
        #expect(copy?.sequence == 17 && copy?.bytes.first == 7)
        tap.observe(Self.frame(18))
        #expect(tap.frame(after: generation)?.sequence == 17, "one request, one copy")
        tap.paused()
        #expect(!tap.isStreaming)
        tap.streamBegan()
        tap.observe(Self.frame(0))
        tap.dropped(inStream: 3)
        #expect(tap.framesDropped == 5, "a new stream's drops add to the earlier ones")
    }

    @Test func eventsDriveStateAndExactMetrics() throws {
        let exposition = PrometheusExposition()
        let board = StatusBoard(metrics: StatusMetrics(factory: exposition.factory))
        let subscriber = board.subscriber(for: "garden", requestedFPS: 30)
        let tap = board.tap(for: "garden")
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        subscriber.receive(.init(time: t0, event: .started(.init(job: "garden", run: "R1", kind: "record", root: "/x", device: "test:", card: "t"))))
        tap.streamBegan()
        for sequence: UInt32 in 0..<30 where sequence != 7 { tap.observe(Self.frame(sequence)) }
        tap.dropped(inStream: 1)
        let location = FiledLocation(url: URL(fileURLWithPath: "/x/a.jpg"), relativePath: "a.jpg", bytes: 1000, sha256: "00")
        subscriber.receive(.init(time: t0, event: .captured(.init(location: location, sidecar: nil, seq: 1, kind: .still,
                                                                  scheduledAt: t0, startedAt: t0.addingTimeInterval(0.02)))))
        subscriber.receive(.init(time: t0, event: .segmentFiled(.init(location: location, sidecar: nil, kind: .segment, index: 0,
                                                                      frames: 29, droppedFrames: 1))))
        subscriber.receive(.init(time: t0, event: .pressureChanged(.init(at: t0, level: .serious, fps: 20,
                                                                         reason: "file says serious", method: .camera))))
        board.refresh(now: t0.addingTimeInterval(1))
        let text = String(decoding: exposition.text(), as: UTF8.self)
        for line in [
            #"camsched_frames_captured_total{job="garden"} 29"#,
            #"camsched_frames_dropped_total{job="garden"} 1"#,
            #"camsched_files_filed_total{job="garden",kind="still"} 1"#,
            #"camsched_files_filed_total{job="garden",kind="segment"} 1"#,
            #"camsched_bytes_filed_total{job="garden",kind="segment"} 1000"#,
            #"camsched_pressure_level{job="garden"} 2.0"#,
            #"camsched_fps_target{job="garden"} 20.0"#,
            #"camsched_camera_up{job="garden"} 1.0"#,
            #"camsched_capture_lateness_seconds_bucket{job="garden",le="0.025"} 1"#,
            #"camsched_capture_lateness_seconds_bucket{job="garden",le="0.01"} 0"#,
            #"camsched_capture_lateness_seconds_count{job="garden"} 1"#,
        ] {
            #expect(text.contains(line + "\n"), "\(line) in\n\(text)")
        }
        subscriber.receive(.init(time: t0, event: .interrupted(reason: "disconnected", message: "gone", at: t0)))
        subscriber.receive(.init(time: t0.addingTimeInterval(2), event: .done(.init(
            job: "garden", run: "R1", status: .ok, exitCode: 0, stills: 1, segments: 1, skipped: 0, filesTotal: 2,
            files: [], failures: [], elapsed: 2))))
        let after = String(decoding: exposition.text(), as: UTF8.self)
        #expect(after.contains(#"camsched_job_last_success_timestamp_seconds{job="garden"} 1800000002.0"# + "\n"), "\(after)")
        #expect(after.contains(#"camsched_camera_up{job="garden"} 0.0"# + "\n"))
    }
}
