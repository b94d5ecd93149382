/// One decoded picture of a movie and when it is shown.
public struct DecodedMovieFrame: @unchecked Sendable {
    /// The raw picture (in the decoder's pixel format).
    public let picture: OwnedAVFrame
    /// Presentation time in seconds from the stream's start.
    public let presentationSeconds: Double
}
