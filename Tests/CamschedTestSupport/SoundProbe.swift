import CamschedCore
import CamschedMedia
import Foundation

/// What a movie's sound says (tests only), decoded by FFmpeg's own tools: the sound track's
/// start, its packets' samples, the decoded samples, the test microphone's clicks in them
/// (``TestToneSignal``), and the capture time of the first picture read from the test camera's
/// pixels — so sync is measured from the file, not from what camsched says of it.
package struct SoundProbe: Sendable {
    /// Seconds from the file's start to its first sound sample (the stream's start time).
    package var startSeconds: Double
    /// The samples the packets hold (sum of their durations, in samples).
    package var packetSamples: Int64
    /// The decoded samples, first channel.
    package var samples: [Int16]
    package var rate: Int
    /// Streams in the file by type (`video`, `audio`).
    package var streamTypes: [String]

    package static func probe(_ url: URL) throws -> SoundProbe {
        let streams = try ProcessRunner.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,start_time,sample_rate",
                                                                 "-of", "json", url.path], timeout: 60)
        guard let data = streams.stdout.data(using: .utf8),
              let list = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["streams"] as? [[String: Any]],
              let audio = list.first(where: { $0["codec_type"] as? String == "audio" }) else {
            throw MediaProbe.ProbeError.failed(url.path, "no sound stream: \(streams.stdout) \(streams.stderr)")
        }
        let packets = try ProcessRunner.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=duration",
                                                                 "-of", "csv=p=0", url.path], timeout: 60)
        let raw = url.deletingPathExtension().appendingPathExtension("sound.raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        let decoded = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", url.path, "-map", "0:a:0", "-ac", "1",
                                                                "-f", "s16le", raw.path], timeout: 120)
        guard decoded.status == 0 else { throw MediaProbe.ProbeError.failed(url.path, decoded.stderr) }
        let bytes = try Data(contentsOf: raw)
        let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return SoundProbe(startSeconds: Double(audio["start_time"] as? String ?? "0") ?? 0,
                          packetSamples: packets.stdout.split(separator: "\n").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.reduce(0, +),
                          samples: samples, rate: Int(audio["sample_rate"] as? String ?? "0") ?? 0,
                          streamTypes: list.compactMap { $0["codec_type"] as? String })
    }

    /// The types of a file's streams, in order (`video`, `audio`).
    package static func streamTypes(_ url: URL) throws -> [String] {
        let result = try ProcessRunner.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", url.path],
                                           timeout: 60)
        return result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Where each click starts, in decoded samples (``clicks(in:rate:)``).
    package var clicks: [Int] { Self.clicks(in: samples, rate: rate) }

    /// Where each click of the test microphone's signal starts in `samples`: the first loud
    /// sample after at least a quarter second of quiet (the tone is at 3 000, a click at
    /// 26 000). None in the first 2 048 samples, which may hold the tail of a click cut in two.
    package static func clicks(in samples: [Int16], rate: Int) -> [Int] {
        var found: [Int] = []
        var quietSince = -rate
        for (index, value) in samples.enumerated() where abs(Int(value)) > 12_000 {
            if index - quietSince >= rate / 4, index >= 2_048 { found.append(index) }
            quietSince = index
        }
        return found
    }

    /// Checks the clicks of consecutive files' decoded sound, joined: every click one second of
    /// samples (±1 ms) after the one before — no sample lost or doubled across the cuts. A
    /// click may be missing only where a file other than the first begins (a decoder rebuilds
    /// a file's first AAC frame without the frame before it); returns what is wrong.
    package static func continuityProblems(_ files: [SoundProbe], rate: Int) -> [String] {
        var joined: [Int16] = []
        var starts: [Int] = []
        for file in files {
            starts.append(joined.count)
            joined += file.samples
        }
        let clicks = clicks(in: joined, rate: rate)
        var problems: [String] = []
        for (a, b) in zip(clicks, clicks.dropFirst()) where abs(b - a - rate) > rate / 1000 {
            let missing = a + rate
            let atACut = abs(b - a - 2 * rate) <= rate / 1000 && starts.dropFirst().contains { (0..<2_048).contains(missing - $0) }
            if !atACut { problems.append("clicks at \(a) and \(b) of \(joined.count) (files start at \(starts))") }
        }
        if clicks.count < joined.count / rate - files.count { problems.append("only \(clicks.count) clicks in \(joined.count) samples") }
        return problems
    }

    /// The capture time (monotonic ms, as the test camera draws it) of the file's first picture.
    package static func firstPictureMilliseconds(_ url: URL, width: Int, height: Int) throws -> UInt32 {
        let raw = url.deletingPathExtension().appendingPathExtension("first.raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", url.path, "-frames:v", "1",
                                                               "-pix_fmt", "gray", "-f", "rawvideo", raw.path], timeout: 120)
        guard result.status == 0 else { throw MediaProbe.ProbeError.failed(url.path, result.stderr) }
        let luma = try Data(contentsOf: raw)
        let stamp = luma.withUnsafeBytes { SyntheticPattern.readTimestampMilliseconds(fromLuma: $0, width: width, height: height, stride: width) }
        guard let stamp else { throw MediaProbe.ProbeError.failed(url.path, "the first picture carries no readable timestamp") }
        return stamp
    }
}
