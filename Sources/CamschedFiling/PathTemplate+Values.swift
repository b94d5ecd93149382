extension PathTemplate {
    /// What the `{…}` tokens of a template stand for, for one file.
    public struct Values: Sendable, Equatable {
        /// The job's name (`{job}`).
        public var job: String
        /// The run id (`{run}`).
        public var run: String
        /// The sequence number of the capture within the run (`{seq}`).
        public var seq: Int
        /// `still`, `burst`, `segment` or `timelapse` (`{kind}`).
        public var kind: String
        /// The camera's card name, as the driver reports it (`{device}`); sanitised on render.
        public var device: String

        /// Creates the values for one file.
        public init(job: String, run: String, seq: Int, kind: String, device: String) {
            self.job = job
            self.run = run
            self.seq = seq
            self.kind = kind
            self.device = device
        }
    }
}
