/// One decoded picture of a movie and when it is shown.
package struct DecodedMovieFrame: Sendable {
    /// The raw picture (in the decoder's pixel format).
    package let picture: OwnedAVFrame
    /// Presentation time in nanoseconds on the stream's clock.
    package let presentationNanoseconds: Int64

    /// Presentation time in seconds on the stream's clock.
    package var presentationSeconds: Double { Double(presentationNanoseconds) / 1e9 }
}
