import Foundation

/// What ffprobe says of a media file (tests only): decoded with FFmpeg, not guessed.
package struct MediaProbe: Sendable {
    package var codec: String
    package var width: Int
    package var height: Int
    /// Frames counted by decoding (`-count_frames`).
    package var frames: Int
    package var duration: Double
    package var formatName: String
    /// Presentation timestamps (seconds) of every frame, when asked for.
    package var frameTimes: [Double]
    package var rotation: Double?
    package var tags: [String: String]

    /// The darkest and brightest luma sample of a still's first frame, as stored (the decoder's
    /// own planar output, no range conversion): a full-range JPEG of a scene with black and
    /// white reaches 0 and 255, a limited-range one stays within 16…235.
    package static func lumaExtremes(_ url: URL, width: Int, height: Int) throws -> (darkest: UInt8, brightest: UInt8) {
        let raw = url.deletingPathExtension().appendingPathExtension("luma.raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", url.path, "-frames:v", "1",
                                                               "-f", "rawvideo", raw.path], timeout: 120)
        guard result.status == 0 else { throw ProbeError.failed(url.path, result.stderr) }
        let luma = try Data(contentsOf: raw).prefix(width * height)
        guard luma.count == width * height, let darkest = luma.min(), let brightest = luma.max() else {
            throw ProbeError.failed(url.path, "the decoded picture is smaller than \(width)x\(height)")
        }
        return (darkest, brightest)
    }

    /// The mean luma of a still's first frame, as stored (0…255).
    package static func lumaMean(_ url: URL, width: Int, height: Int) throws -> Double {
        let raw = url.deletingPathExtension().appendingPathExtension("mean.raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", url.path, "-frames:v", "1",
                                                               "-pix_fmt", "gray", "-f", "rawvideo", raw.path], timeout: 120)
        guard result.status == 0 else { throw ProbeError.failed(url.path, result.stderr) }
        let luma = try Data(contentsOf: raw).prefix(width * height)
        guard luma.count == width * height else { throw ProbeError.failed(url.path, "the decoded picture is smaller than \(width)x\(height)") }
        return Double(luma.reduce(0) { $0 + Int($1) }) / Double(luma.count)
    }

    /// Probes `url`; `withFrameTimes` also lists every frame's timestamp.
    package static func probe(_ url: URL, withFrameTimes: Bool = false) throws -> MediaProbe {
        var args = ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_streams", "-show_format", "-of", "json"]
        if withFrameTimes { args += ["-show_entries", "frame=best_effort_timestamp_time,pts_time:stream=codec_name,width,height,nb_read_frames,side_data_list:format=duration,format_name:format_tags"] }
        let result = try ProcessRunner.run("/usr/bin/ffprobe", args + [url.path], timeout: 120)
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ProbeError.failed(url.path, result.stderr)
        }
        let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        let format = json["format"] as? [String: Any] ?? [:]
        var rotation: Double?
        for side in stream["side_data_list"] as? [[String: Any]] ?? [] {
            if let r = side["rotation"] as? Double { rotation = r } else if let r = side["rotation"] as? Int { rotation = Double(r) }
        }
        let frames = (json["frames"] as? [[String: Any]] ?? []).compactMap { frame -> Double? in
            (frame["best_effort_timestamp_time"] as? String).flatMap(Double.init) ?? (frame["pts_time"] as? String).flatMap(Double.init)
        }
        return MediaProbe(codec: stream["codec_name"] as? String ?? "", width: stream["width"] as? Int ?? 0,
                          height: stream["height"] as? Int ?? 0,
                          frames: Int(stream["nb_read_frames"] as? String ?? "") ?? 0,
                          duration: Double(format["duration"] as? String ?? "") ?? 0,
                          formatName: format["format_name"] as? String ?? "", frameTimes: frames, rotation: rotation,
                          tags: (format["tags"] as? [String: String]) ?? [:])
    }

    /// What FFmpeg's decoder reports while decoding every frame of `url` (empty: every frame
    /// decodes cleanly). Decoded by ffprobe, with no muxer after it to object to frames that
    /// a burst delivered close together.
    package static func decodingErrors(_ url: URL) throws -> String {
        let result = try ProcessRunner.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames",
                                                                "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", url.path],
                                           timeout: 300)
        guard result.status == 0 else { throw ProbeError.failed(url.path, result.stderr) }
        return result.stderr
    }

    /// The indexes of the keyframe packets of `url`, as stored (nothing decoded).
    package static func keyframeIndexes(_ url: URL) throws -> [Int] {
        let result = try ProcessRunner.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                "packet=flags", "-of", "csv=p=0", url.path], timeout: 120)
        guard result.status == 0 else { throw ProbeError.failed(url.path, result.stderr) }
        let flags = result.stdout.split(separator: "\n")
        return flags.indices.filter { flags[$0].hasPrefix("K") }
    }

    package enum ProbeError: Error, CustomStringConvertible {
        case failed(String, String)
        package var description: String {
            switch self { case let .failed(path, text): return "ffprobe failed on \(path): \(text)" }
        }
    }
}
