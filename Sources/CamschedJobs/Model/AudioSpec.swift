import CamschedCore

/// The `camera.audio` block: the microphone recorded with the pictures of a recording or a
/// trigger job's clips (stills and time-lapse movies have no sound).
package struct AudioSpec: Sendable, Equatable {
    /// False for `"audio": false`: no sound, on purpose.
    package var enabled = true
    /// `auto` (the microphone on the camera's own USB device; the test camera's test
    /// microphone), or an ALSA capture device name: `hw:CARD=C920,DEV=0`, `plughw:1,0`, `default`.
    package var device = "auto"
    /// Samples a second; nil: the device's own (48000 where it takes it).
    package var rate: Int?
    /// Channels, 1 (the default) or more.
    package var channels = 1
    package var codec: AudioCodec = .aac
    /// Bits a second; nil: ``AudioCodec/defaultBitrate(channels:)``.
    package var bitrate: Int?
    /// True: a job whose microphone is missing or busy fails; false (the default): it records
    /// pictures only and says so once.
    package var required = false

    package init(enabled: Bool = true, device: String = "auto", rate: Int? = nil, channels: Int = 1, codec: AudioCodec = .aac,
                 bitrate: Int? = nil, required: Bool = false) {
        self.enabled = enabled
        self.device = device
        self.rate = rate
        self.channels = channels
        self.codec = codec
        self.bitrate = bitrate
        self.required = required
    }
}
