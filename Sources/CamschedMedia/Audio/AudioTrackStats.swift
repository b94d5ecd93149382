import CamschedCore

/// What a movie file's sound track holds: the sidecar's `audio`.
package struct AudioTrackStats: Sendable, Equatable {
    /// The microphone or stream it came from (`hw:CARD=C920,DEV=0`, `test:tone`).
    package var source: String
    package var codec: AudioCodec
    package var rate: Int
    package var channels: Int
    /// Sample frames in the file (a channel's samples).
    package var samples: Int64 = 0
    /// How far the first sample was captured after the first picture (negative: before), ns.
    package var offsetNanoseconds: Int64?
    /// Stretches with no sound from the device inside the file, filled with silence.
    package var gaps: [AudioGap] = []

    package init(source: String, codec: AudioCodec, rate: Int, channels: Int) {
        self.source = source
        self.codec = codec
        self.rate = rate
        self.channels = channels
    }
}

/// A stretch of a recording without sound.
package struct AudioGap: Sendable, Equatable {
    /// Capture time (monotonic ns) where the sound stopped.
    package var startNanoseconds: Int64
    package var durationNanoseconds: Int64
    /// Why: `microphone lost`, `camera lost`, or ``noSound`` (the device gave nothing for a while).
    package var reason: String

    /// The reason of a gap nothing explains.
    package static let noSound = "no sound from the microphone"

    package init(startNanoseconds: Int64, durationNanoseconds: Int64, reason: String = noSound) {
        self.startNanoseconds = startNanoseconds
        self.durationNanoseconds = durationNanoseconds
        self.reason = reason
    }
}
