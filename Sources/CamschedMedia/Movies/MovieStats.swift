/// What a finished recording (or segment) holds.
package struct MovieStats: Sendable, Equatable {
    /// Video frames in the file.
    package var framesWritten: Int
    /// Presentation time of the first and last frame, in ticks of 1/``timeBaseDenominator`` s,
    /// counted from the first frame of this file.
    package var firstPts: Int64?
    package var lastPts: Int64?
    /// Ticks per second of `firstPts`/`lastPts` (90 000).
    package var timeBaseDenominator: Int64
    /// The camera's sequence numbers of the first and last frame.
    package var firstSequence: UInt32?
    package var lastSequence: UInt32?
    /// Monotonic capture timestamps (ns) of the first and last frame.
    package var firstTimestampNanoseconds: Int64?
    package var lastTimestampNanoseconds: Int64?
    /// The FFmpeg encoder that encoded the video, or `copy` for the camera's own stream.
    package var encoderName: String
    /// The video's codec (`h264`, `mjpeg`); nil where it was not recorded.
    package var codecName: String?
    /// Frames whose capture timestamp did not increase and were moved 1 tick after the previous.
    package var adjustedTimestamps: Int
    /// Playing time in seconds: last PTS plus the last frame's duration.
    package var durationSeconds: Double
    /// The sound track, when the file has one.
    package var audio: AudioTrackStats?
    /// PTS and sequence number of the latest frames (up to 1024), so that a file cut after
    /// its last complete fragment can be described as it is (``keep(upToPts:frames:lastDuration:)``).
    var recentPts: [Int64] = []
    var recentSequences: [UInt32?] = []

    package init(framesWritten: Int = 0, firstPts: Int64? = nil, lastPts: Int64? = nil,
                timeBaseDenominator: Int64 = 90_000, firstSequence: UInt32? = nil, lastSequence: UInt32? = nil,
                firstTimestampNanoseconds: Int64? = nil, lastTimestampNanoseconds: Int64? = nil,
                encoderName: String, codecName: String? = nil, adjustedTimestamps: Int = 0, durationSeconds: Double = 0) {
        self.framesWritten = framesWritten
        self.firstPts = firstPts
        self.lastPts = lastPts
        self.timeBaseDenominator = timeBaseDenominator
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
        self.firstTimestampNanoseconds = firstTimestampNanoseconds
        self.lastTimestampNanoseconds = lastTimestampNanoseconds
        self.encoderName = encoderName
        self.codecName = codecName
        self.adjustedTimestamps = adjustedTimestamps
        self.durationSeconds = durationSeconds
    }

    /// The gap between the last two frames, in nanoseconds (nil before two): how long the last
    /// one lasts at the rate in force.
    var lastGapNanoseconds: Int64? {
        guard recentPts.count >= 2 else { return nil }
        return (recentPts[recentPts.count - 1] - recentPts[recentPts.count - 2]) * 1_000_000_000 / timeBaseDenominator
    }

    /// Takes in a frame at `pts`: the newest one, and the first if there is none yet.
    mutating func noteFrame(pts: Int64, sequence: UInt32?, timestampNanoseconds: Int64) {
        if firstPts == nil {
            firstPts = pts
            firstSequence = sequence
            firstTimestampNanoseconds = timestampNanoseconds
        }
        lastPts = pts
        lastSequence = sequence ?? lastSequence
        lastTimestampNanoseconds = timestampNanoseconds
        recentPts.append(pts)
        recentSequences.append(sequence)
        if recentPts.count > 1024 {
            recentPts.removeFirst(512)
            recentSequences.removeFirst(512)
        }
    }

    /// Narrows the stats to what a file cut short still holds: `frames` frames, the last at
    /// `pts` (1/90 000 s) lasting `lastDuration` ticks. The last sequence number is the one
    /// noted for that frame when it is among the latest; otherwise it is left out.
    mutating func keep(upToPts pts: Int64, frames: Int, lastDuration: Int64) {
        framesWritten = frames
        guard frames > 0, let first = firstPts else { return }
        lastPts = pts
        if let index = recentPts.lastIndex(of: pts) {
            lastSequence = recentSequences[index]
        } else if recentPts.first.map({ pts < $0 }) ?? true {
            lastSequence = nil
        }
        // A fragment's last sample may carry no duration: take the mean interval then.
        let step = lastDuration > 0 ? lastDuration : frames > 1 ? (pts - first) / Int64(frames - 1) : 1
        durationSeconds = VideoEncoder.seconds(ticks: pts - first + step)
    }
}
