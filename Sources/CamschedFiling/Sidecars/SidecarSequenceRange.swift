/// The first and last V4L2 buffer sequence numbers in a file.
package struct SidecarSequenceRange: Codable, Sendable, Hashable {
    /// The first frame's sequence number.
    package var first: Int64
    /// The last frame's sequence number.
    package var last: Int64

    /// Describes a range of sequence numbers.
    package init(first: Int64, last: Int64) {
        (self.first, self.last) = (first, last)
    }
}
