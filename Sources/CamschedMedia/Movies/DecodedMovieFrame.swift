/// One decoded picture of a movie and when it is shown.
public struct DecodedMovieFrame: Sendable {
    /// The raw picture (in the decoder's pixel format).
    public let picture: OwnedAVFrame
    /// Presentation time in nanoseconds on the stream's clock.
    public let presentationNanoseconds: Int64

    /// Presentation time in seconds on the stream's clock.
    public var presentationSeconds: Double { Double(presentationNanoseconds) / 1e9 }
}
