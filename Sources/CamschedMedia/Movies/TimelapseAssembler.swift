internal import CFFmpegShim
import CamschedCore
import Foundation

/// Makes a video from a run's stills.
package enum TimelapseAssembler {
    /// Decodes each still in order, scales it to the first still's size where it differs,
    /// and encodes them at `fps`. A JPEG's EXIF Orientation becomes the video's display
    /// matrix. The video is written as `output.partial` and renamed when complete.
    /// - Parameters:
    ///   - images: JPEG, PNG or WebP files, already sorted.
    ///   - settings: codec, encoder, quality and preset (default H.264, CRF 23, libx264
    ///     `veryfast`); its size and rate are replaced by the stills' size and `fps`.
    ///   - deflicker: even out the frames' brightness over a sliding window of 15 frames
    ///     (``BrightnessSmoother``) before encoding; the stills themselves are only read.
    ///   - faststart: an MP4's index at the front (one more pass), else at the end.
    /// - Throws: `MediaError.libraryMissing`, `MediaError.invalidSetting` when no still decodes, encoder and file errors.
    package static func assemble(images: [URL], fps: Double, output: URL, settings: VideoEncoderSettings? = nil,
                                deflicker: Bool = false, faststart: Bool = false) throws -> TimelapseStats {
        guard fps > 0 else { throw MediaError.invalidSetting("fps must be positive") }
        try FFmpegLibraries.load()
        var skipped: [URL] = []
        var firstIndex = 0
        var first: OwnedAVFrame?
        while firstIndex < images.count && first == nil {
            first = try? PictureDecoder.decodeFile(at: images[firstIndex])
            if first == nil { skipped.append(images[firstIndex]) }
            firstIndex += 1
        }
        guard let first else { throw MediaError.invalidSetting("none of the \(images.count) stills decodes") }
        var encoding = settings ?? VideoEncoderSettings(codec: .h264, encoderName: "libx264", quality: 23,
                                                        preset: "veryfast", fps: fps, width: 0, height: 0)
        encoding.width = first.width & ~1
        encoding.height = first.height & ~1
        encoding.fps = fps
        let orientation = (try? Data(contentsOf: images[firstIndex - 1])).flatMap(ExifReader.orientation(ofJPEG:)) ?? 1
        let (rotation, mirror) = ExifFields.rotationAndMirror(orientation: orientation)
        let container = MovieContainer(pathExtensionOf: output.path) ?? .mp4
        let partial = URL(fileURLWithPath: output.path + ".partial")
        let writer = try MovieWriter(path: partial, container: container, settings: encoding, inputFormat: .yu12,
                                     rotation: rotation, mirror: mirror,
                                     metadata: MovieMetadata(creationTime: Date()), timestampOrigin: 0, syncsToDisk: false)
        let queue = deflicker ? DeflickerQueue(width: encoding.width, height: encoding.height) : nil
        do {
            let frames = try encode(first: first, rest: images.dropFirst(firstIndex), into: writer, fps: fps,
                                    deflicker: queue, skipped: &skipped)
            let stats = try writer.finish(faststart: faststart)
            FileSync.sync(path: partial.path)
            try FileSync.replace(output.path, with: partial.path)
            var result = TimelapseStats(frames: frames, skipped: skipped, width: encoding.width, height: encoding.height,
                                        fps: fps, durationSeconds: stats.durationSeconds, encoderName: stats.encoderName)
            result.largestCorrectionEV = queue?.largestCorrectionEV
            return result
        } catch {
            writer.abandon()
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// Encodes the first still and those of `rest` that decode, through the deflicker when
    /// there is one; the number of frames written. Each still is decoded once.
    private static func encode(first: OwnedAVFrame, rest: ArraySlice<URL>, into writer: MovieWriter, fps: Double,
                               deflicker: DeflickerQueue?, skipped: inout [URL]) throws -> Int {
        var frames = 0
        func add(_ pictures: [OwnedAVFrame]) throws {
            for picture in pictures {
                try writer.append(picture: picture, timestampNanoseconds: Int64((Double(frames) * 1e9 / fps).rounded()),
                                  sequence: UInt32(truncatingIfNeeded: frames))
                frames += 1
            }
        }
        func take(_ still: OwnedAVFrame) throws { try add(try deflicker?.push(still) ?? [still]) }
        try take(first)
        for url in rest {
            guard let picture = try? PictureDecoder.decodeFile(at: url) else {
                skipped.append(url)
                continue
            }
            try take(picture)
        }
        try add(deflicker?.finish() ?? [])
        return frames
    }
}
