import CamschedCore
import CamschedMedia
import CamschedV4L2
import Foundation

/// Draws the `test:` camera's frames with ``SyntheticPattern``: each frame carries its
/// sequence number and timestamp in its pixels, so tests can tell exactly which frame ended
/// up in a file.
enum SyntheticFrameRenderer {
    /// A frame of a test pattern (`pattern=`) in `format`.
    static func render(format: CameraFormat, pattern: String, sequence: UInt32, timestampNanoseconds: Int64,
                       metadata: FrameMetadata) throws(CameraError) -> VideoFrame {
        if format.pixelFormat == .mjpg || format.pixelFormat == .jpeg, pattern != "bars" {
            // Another pattern is drawn on the raw picture, which is then made a JPEG.
            let picture = try render(format: rawFormat(of: format), pattern: pattern, sequence: sequence,
                                     timestampNanoseconds: timestampNanoseconds, metadata: metadata)
            return try jpeg(picture, format: format)
        }
        if format.pixelFormat == .mjpg || format.pixelFormat == .jpeg {
            do {
                return try SyntheticPattern.makeFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                                                      frameNumber: sequence, timestampNanoseconds: timestampNanoseconds,
                                                      sequence: sequence, wallClock: Date(), metadata: metadata, jpegQuality: 85)
            } catch {
                throw .streamFailed(path: "test:", reason: "the test pattern could not be drawn: \(error)")
            }
        }
        return try drawRaw(format: format, sequence: sequence, timestampNanoseconds: timestampNanoseconds, metadata: metadata) {
            SyntheticPatternStyle(rawValue: pattern)?.apply(to: $0, format: format, frameNumber: sequence)
        }
    }

    /// A raw (YUYV, NV12, YU12) frame of the day scene as the sensor takes it with `exposure`.
    static func renderDayScene(format: CameraFormat, layout: DaySceneLayout, luminance: Double, exposure: SensorExposure,
                               sequence: UInt32, timestampNanoseconds: Int64, metadata: FrameMetadata) throws(CameraError) -> VideoFrame {
        try drawRaw(format: format, sequence: sequence, timestampNanoseconds: timestampNanoseconds, metadata: metadata) {
            DaySceneRenderer.draw(into: $0, format: format, layout: layout, luminance: luminance, exposure: exposure,
                                  frameNumber: sequence)
        }
    }

    /// The planar picture an MJPG frame is drawn on before it is encoded.
    static func rawFormat(of format: CameraFormat) -> CameraFormat {
        var raw = format
        (raw.pixelFormat, raw.bytesPerLine) = (.yu12, format.width)
        return raw
    }

    /// A raw picture as the camera's MJPG frame (JPEG at quality 85).
    static func jpeg(_ picture: VideoFrame, format: CameraFormat) throws(CameraError) -> VideoFrame {
        do {
            let jpeg = try StillEncoder().encode(picture, format: .jpeg, quality: 85)
            return jpeg.withUnsafeBytes { bytes in
                VideoFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat, bytesPerLine: 0,
                           copying: bytes, sequence: picture.sequence, timestampNanoseconds: picture.timestampNanoseconds,
                           wallClock: Date(), metadata: picture.metadata)
            }
        } catch {
            throw .streamFailed(path: "test:", reason: "the test pattern could not be drawn: \(error)")
        }
    }

    /// The code rows and bars of ``SyntheticPattern``, then `paint` over them.
    private static func drawRaw(format: CameraFormat, sequence: UInt32, timestampNanoseconds: Int64, metadata: FrameMetadata,
                                paint: (UnsafeMutableRawBufferPointer) -> Void) throws(CameraError) -> VideoFrame {
        let size = SyntheticPattern.byteCount(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                                              bytesPerLine: format.bytesPerLine)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        do {
            try SyntheticPattern.fill(storage, width: format.width, height: format.height, bytesPerLine: format.bytesPerLine,
                                      pixelFormat: format.pixelFormat, frameNumber: sequence,
                                      timestampNanoseconds: timestampNanoseconds)
        } catch {
            storage.deallocate()
            throw .streamFailed(path: "test:", reason: "the test pattern could not be drawn: \(error)")
        }
        paint(storage)
        return VideoFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                          bytesPerLine: format.bytesPerLine, memory: FrameMemory(owning: storage, count: size),
                          sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: Date(),
                          metadata: metadata)
    }
}
