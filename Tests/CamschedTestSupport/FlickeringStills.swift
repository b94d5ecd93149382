import CamschedCore
import CamschedMedia
import Foundation

/// JPEG stills of a flickering time-lapse, for the deflicker tests: a coloured scene (a luma
/// gradient with an orange tint) whose light follows a slow rise of a factor 1.5 over the
/// sequence, times a shot-to-shot flicker of ±12 % (uniform, seeded: the same on every run).
package enum FlickeringStills {
    /// Writes `count` stills named `still-000.jpg`… into `directory`; their URLs in order.
    package static func write(count: Int, into directory: URL, width: Int = 160, height: Int = 96,
                             seed: UInt64 = 29) throws -> [URL] {
        var random = SplitMix64(seed: seed)
        return try (0..<count).map { number in
            let trend = 0.5 * (1 + 0.5 * Double(number) / Double(max(count - 1, 1)))
            let light = trend * (1 + 0.12 * (Double(random.next() % 2001) / 1000 - 1))
            var bytes = [UInt8](repeating: 0, count: width * height * 3 / 2)
            for y in 0..<height {
                for x in 0..<width { bytes[y * width + x] = UInt8(min(255, light * Double(120 + x / 2 + y / 3))) }
            }
            let chroma = width * height / 4
            for index in 0..<chroma {
                bytes[width * height + index] = UInt8(128 - 24 * light)
                bytes[width * height + chroma + index] = UInt8(128 + 40 * light)
            }
            let frame = bytes.withUnsafeBytes {
                VideoFrame(width: width, height: height, pixelFormat: .yu12, bytesPerLine: width, copying: $0,
                           sequence: UInt32(number), timestampNanoseconds: Int64(number) * 1_000_000_000, wallClock: Date())
            }
            let url = directory.appendingPathComponent(String(format: "still-%03d.jpg", number))
            try StillEncoder().encode(frame, format: .jpeg, quality: 92).write(to: url)
            return url
        }
    }
}
