import CamschedCore
import CamschedMedia

/// A movie's sound (`audio` in its sidecar): where it came from, how it is stored, how much
/// there is, how far it was from the picture, and where the microphone gave nothing.
package struct SidecarAudio: Codable, Sendable, Hashable {
    /// The microphone (`hw:CARD=C920,DEV=0`, `test:tone`) or stream it came from.
    package var device: String
    /// `aac`, `opus` or `pcm`.
    package var codec: String
    package var rate: Int
    package var channels: Int
    /// Sample frames in the file (one channel's samples).
    package var samples: Int64
    /// Seconds from the file's first picture to its first sound sample, as both were captured
    /// (negative: the sound began first): how far apart sound and picture start.
    package var offsetSeconds: Double?
    /// Stretches inside the file with no sound from the device (filled with silence).
    package var gaps: [SidecarAudioGap]

    package init(device: String, codec: String, rate: Int, channels: Int, samples: Int64, offsetSeconds: Double?,
                 gaps: [SidecarAudioGap] = []) {
        (self.device, self.codec, self.rate, self.channels) = (device, codec, rate, channels)
        (self.samples, self.offsetSeconds, self.gaps) = (samples, offsetSeconds, gaps)
    }

    /// The sidecar's record of a file's sound track, whose first picture was captured at
    /// `firstPicture` (monotonic ns).
    package init(_ stats: AudioTrackStats, firstPicture: Int64?) {
        let seconds = { (ns: Int64) in (Double(ns) / 1e6).rounded() / 1000 }
        self.init(device: stats.source, codec: stats.codec.rawValue, rate: stats.rate, channels: stats.channels, samples: stats.samples,
                  offsetSeconds: stats.offsetNanoseconds.map(seconds),
                  gaps: stats.gaps.map { gap in
                      SidecarAudioGap(atSeconds: seconds(gap.startNanoseconds - (firstPicture ?? gap.startNanoseconds)),
                                      seconds: seconds(gap.durationNanoseconds), reason: gap.reason)
                  })
    }
}

/// A stretch of a movie without sound from its microphone.
package struct SidecarAudioGap: Codable, Sendable, Hashable {
    /// Seconds into the file where the sound stopped.
    package var atSeconds: Double
    /// How long it was away.
    package var seconds: Double
    package var reason: String
}
