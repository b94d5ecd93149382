extension Sidecar {
    /// The first and last V4L2 buffer sequence numbers in a file.
    package struct SequenceRange: Codable, Sendable, Hashable {
        /// The first frame's sequence number.
        package var first: Int64
        /// The last frame's sequence number.
        package var last: Int64

        /// Describes a range of sequence numbers.
        package init(first: Int64, last: Int64) {
            (self.first, self.last) = (first, last)
        }

        /// Written with ``DocumentKey`` (one key type for every nested object); the same JSON as
        /// the synthesized encoding.
        package func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: DocumentKey.self)
            try container.encode(first, forKey: "first")
            try container.encode(last, forKey: "last")
        }
    }
}
