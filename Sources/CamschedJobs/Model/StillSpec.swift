import CamschedCore
/// How stills are encoded.
package struct StillSpec: Sendable, Equatable {
    /// Default jpeg.
    package var format: StillFormat
    /// 1…100, used by JPEG and WebP. Default 90.
    package var quality: Int

    /// Creates still settings with the documented defaults.
    package init(format: StillFormat = .jpeg, quality: Int = 90) {
        self.format = format
        self.quality = quality
    }
}
