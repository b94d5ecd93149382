/// A run of sound from a microphone: interleaved signed 16-bit samples and the monotonic time
/// of the first, on the same clock as a camera's frames (`CLOCK_MONOTONIC`, nanoseconds), so
/// sound and picture are placed by when they were captured, not by when they arrived.
package struct AudioChunk: Sendable, Equatable {
    /// Samples, interleaved by channel (`frames * channels` values).
    package var samples: [Int16]
    /// Samples per second of one channel.
    package var rate: Int
    /// Channels interleaved in `samples`.
    package var channels: Int
    /// Capture time of the first sample frame (monotonic nanoseconds).
    package var timestampNanoseconds: Int64

    package init(samples: [Int16], rate: Int, channels: Int, timestampNanoseconds: Int64) {
        precondition(rate > 0 && channels > 0, "an audio chunk needs a rate and channels")
        self.samples = samples
        self.rate = rate
        self.channels = channels
        self.timestampNanoseconds = timestampNanoseconds
    }

    /// Sample frames (one sample of every channel).
    package var frames: Int { samples.count / channels }

    /// How long the chunk lasts, in nanoseconds.
    package var durationNanoseconds: Int64 { Int64(frames) * 1_000_000_000 / Int64(rate) }

    /// The capture time just after the last sample frame.
    package var endNanoseconds: Int64 { timestampNanoseconds + durationNanoseconds }
}

/// What a microphone delivers: its rate and channels.
package struct AudioFormat: Sendable, Equatable, Codable {
    package var rate: Int
    package var channels: Int

    package init(rate: Int, channels: Int) {
        self.rate = rate
        self.channels = channels
    }
}
