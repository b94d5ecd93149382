import CamschedCore
import CamschedV4L2

/// One capture mode a camera offers: pixel format, size and the frame rates at that size.
package struct CameraMode: Sendable, Equatable, Hashable {
    package var pixelFormat: FourCC
    package var width: Int
    package var height: Int
    /// Frame rates in frames per second, highest first.
    package var frameRates: [Double]

    package init(pixelFormat: FourCC, width: Int, height: Int, frameRates: [Double]) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.frameRates = frameRates.sorted(by: >)
    }

    /// `YUYV 640x360 @ 30/25/5 fps`.
    package var summary: String {
        let rates = frameRates.map { FrameRateText.format($0) }.joined(separator: "/")
        return "\(pixelFormat) \(width)x\(height)" + (rates.isEmpty ? "" : " @ \(rates) fps")
    }
}

/// Formats frame rates without noise (`30`, `29.97`, `7.5`).
package enum FrameRateText {
    package static func format(_ fps: Double) -> String {
        guard fps.isFinite else { return String(fps) }
        if fps == fps.rounded(), abs(fps) < 1e15 { return String(Int(fps)) }
        var text = String(format: "%.3f", fps)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
