import CamschedCore

extension MovieRecorder {
    /// Encodes a chunk of the microphone's sound; it goes into the files beside the pictures
    /// taken at its time (``SoundRouter``).
    package func append(sound chunk: AudioChunk) throws {
        try openSound()
        try sound?.take(chunk)
    }

    /// The microphone went away (`reason`): the gap it leaves says so.
    package func soundLost(reason: String) { sound?.lossReason = reason }

    /// The capture time where the open file's pictures end: its last picture (appended, maybe
    /// still in the encoder) and the interval it lasts at the rate in force (nil without
    /// pictures): how far the file's sound goes.
    package var picturesEnd: Int64? {
        let last = max(intervals.ofPackets, open?.file.stats.lastGapNanoseconds ?? 0)
        return open?.span.map { max($0.lastTimestamp, lastAppended ?? .min) + last }
    }

    /// Whether a frame captured at `time` may cut the recording into its next file (or one
    /// before it did and its keyframe is still in the encoder): the sound up to the cut must be
    /// encoded before the cut is placed, or the sound that came late would belong to a file
    /// already closed. The caller waits for the microphone then (``SoundCapture/wait(through:timeout:)``).
    package func cutsSoon(at time: Int64) -> Bool {
        sound != nil && open?.span != nil && grid.isDue(at: time, interval: intervals.latest)
    }

    /// Opens the sound's encoder before the first file (whose header names the sound track).
    func openSound() throws {
        guard sound == nil, let settings = configuration.sound else { return }
        // A clip's pre-roll needs its sound kept until the clip opens.
        sound = try SoundRouter(settings, holdNanoseconds: max(10_000_000_000, configuration.cuts.preRollNanoseconds + 2_000_000_000))
    }

    /// Writes the sound up to the open file's last picture (and its interval) into it; the
    /// rest is dropped. `drained`: the encoder's held-back sound too (the recording ends).
    func flushSound(drained: Bool) throws {
        guard sound != nil else { return }
        if drained { try sound?.drain() }
        try sound?.flush(before: picturesEnd ?? .min, into: open?.file)
        sound?.discard()
    }
}
