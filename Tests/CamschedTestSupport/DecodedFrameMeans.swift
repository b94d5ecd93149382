import Foundation

/// The mean luma and chroma of every frame of a video, decoded by the FFmpeg command-line tool
/// (not camsched's own reader), for tests that measure brightness and flicker.
package struct DecodedFrameMeans: Sendable, Equatable {
    /// Mean Y, U and V samples of the frame as stored (limited range for camsched's H.264).
    package var luma: Double
    package var blueDifference: Double
    package var redDifference: Double

    /// Brightness 0…1 on the full scale, as the exposure ramp and the deflicker measure it:
    /// limited-range luma (16…235) stretched to 0…255, over 255.
    package var brightness: Double { (luma - 16) / 219 }

    /// Each frame of the first video stream of `url`, in presentation order (every frame is
    /// decoded to planar 4:2:0, even sizes only).
    package static func of(_ url: URL) throws -> [DecodedFrameMeans] {
        let probe = try MediaProbe.probe(url)
        let (width, height) = (probe.width, probe.height)
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw MediaProbe.ProbeError.failed(url.path, "not an even-sized video: \(width)x\(height)")
        }
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-frames-\(UUID().uuidString).yuv")
        defer { try? FileManager.default.removeItem(at: raw) }
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-noautorotate", "-i", url.path, "-map", "0:v:0",
                                                               "-f", "rawvideo", "-pix_fmt", "yuv420p", raw.path], timeout: 300)
        guard result.status == 0 else { throw MediaProbe.ProbeError.failed(url.path, result.stderr) }
        let bytes = [UInt8](try Data(contentsOf: raw))
        let (lumaCount, chromaCount) = (width * height, width * height / 4)
        let frameSize = lumaCount + 2 * chromaCount
        return stride(from: 0, to: bytes.count - frameSize + 1, by: frameSize).map { start in
            func mean(_ from: Int, _ count: Int) -> Double {
                Double(bytes[(start + from)..<(start + from + count)].reduce(0) { $0 + Int($1) }) / Double(count)
            }
            return DecodedFrameMeans(luma: mean(0, lumaCount), blueDifference: mean(lumaCount, chromaCount),
                                     redDifference: mean(lumaCount + chromaCount, chromaCount))
        }
    }
}
