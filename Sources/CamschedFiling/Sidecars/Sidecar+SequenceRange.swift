extension Sidecar {
    /// The first and last V4L2 buffer sequence numbers in a file.
    public struct SequenceRange: Codable, Sendable, Hashable {
        /// The first frame's sequence number.
        public var first: Int64
        /// The last frame's sequence number.
        public var last: Int64

        /// Describes a range of sequence numbers.
        public init(first: Int64, last: Int64) {
            self.first = first
            self.last = last
        }
    }
}
