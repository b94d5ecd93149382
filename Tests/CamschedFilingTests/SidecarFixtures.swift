import Foundation
@testable import CamschedFiling

/// Sidecars as the capture layers would fill them.
enum SidecarFixtures {
    static func still(job: String = "garden", file: String, bytes: Int64 = 3, sha256: String = "", startedAt: Date, seq: Int = 1) -> Sidecar {
        var sidecar = Sidecar(
            job: job, run: "20261122T100000Z-garden", kind: .still, file: file, bytes: bytes, sha256: sha256,
            startedAt: startedAt, endedAt: startedAt.addingTimeInterval(0.033),
            device: .init(path: "/dev/video0", card: "HD Pro Webcam C920", driver: "uvcvideo", bus: "usb-0000:00:14.0-1"),
            format: .init(pixelFormat: "MJPG", width: 1920, height: 1080),
            fps: .init(requested: 30, actual: 30), frames: 1, droppedFrames: 0,
            sequence: .init(first: 61, last: 61),
            controls: ["power_line_frequency": .text("50 Hz"), "sharpness": .integer(128), "exposure_dynamic_framerate": .flag(false)],
            encoder: .init(name: "mjpeg", codec: "jpeg", quality: 90),
            pressure: [], interruptions: [], host: "pi-garden", camschedVersion: "0.1.0")
        sidecar.seq = seq
        sidecar.scheduledAt = startedAt.addingTimeInterval(-0.012)
        sidecar.exposure = .integer(156)
        sidecar.focus = .text("auto")
        sidecar.whiteBalance = .integer(4600)
        return sidecar
    }

    static func segment(file: String, startedAt: Date) -> Sidecar {
        var sidecar = Sidecar(
            job: "hall", run: "20261122T100000Z-hall", kind: .segment, file: file, bytes: 1_048_576,
            sha256: String(repeating: "ab", count: 32),
            startedAt: startedAt, endedAt: startedAt.addingTimeInterval(60),
            device: .init(path: "test:", card: "camsched synthetic", driver: "camsched", bus: "virtual"),
            format: .init(pixelFormat: "YUYV", width: 1280, height: 720),
            fps: .init(requested: 30, actual: 29.97), frames: 1798, droppedFrames: 2,
            sequence: .init(first: 1800, last: 3599), controls: [:],
            encoder: .init(name: "libx264", codec: "h264", quality: 23, preset: "veryfast"),
            pressure: [.init(at: startedAt.addingTimeInterval(12.5), level: "serious", fps: 20)],
            interruptions: [.init(at: startedAt.addingTimeInterval(30), reason: "disconnected", resumedAt: startedAt.addingTimeInterval(31.25))],
            host: "nas", camschedVersion: "0.1.0")
        sidecar.segment = 1
        sidecar.firstPts = 5_400_000
        sidecar.lastPts = 10_794_000
        sidecar.ptsTimeBase = "1/90000"
        return sidecar
    }
}
