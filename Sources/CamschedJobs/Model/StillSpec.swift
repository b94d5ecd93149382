import CamschedCore
/// How stills are encoded.
public struct StillSpec: Sendable, Equatable {
    /// Default jpeg.
    public var format: StillFormat
    /// 1…100, used by JPEG and WebP. Default 90.
    public var quality: Int

    /// Creates still settings with the documented defaults.
    public init(format: StillFormat = .jpeg, quality: Int = 90) {
        self.format = format
        self.quality = quality
    }
}
