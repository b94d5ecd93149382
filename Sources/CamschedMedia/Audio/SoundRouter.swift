import CamschedCore

/// How a recording's sound is encoded: the microphone's format and name, the codec.
package struct SoundSettings: Sendable, Equatable {
    package var format: AudioFormat
    /// The microphone's name, for sidecars.
    package var name: String
    package var codec: AudioCodec
    /// Bits a second; nil: ``AudioCodec/defaultBitrate(channels:)``.
    package var bitrate: Int?

    package init(format: AudioFormat, name: String, codec: AudioCodec = .aac, bitrate: Int? = nil) {
        self.format = format
        self.name = name
        self.codec = codec
        self.bitrate = bitrate
    }
}

/// A recording's sound on its way into the files: chunks encoded at once, their packets held
/// until the pictures reach their time, then written into the file open at that time — a
/// packet that starts before a cut's first picture goes into the file before the cut, one
/// that starts at or after it into the next, so every sample lands in exactly one file.
/// Sound waits at most `holdNanoseconds` for pictures (a stalled camera) or for a clip to open
/// (a trigger job's pre-roll); older sound is dropped.
struct SoundRouter {
    let encoder: AudioEncoder
    let name: String
    private var pending: [EncodedPacket] = []
    private var notedGaps = 0
    private let holdNanoseconds: Int64
    /// Why the microphone went, for the gap it leaves (nil: it gave nothing for a while).
    var lossReason: String?

    init(_ settings: SoundSettings, holdNanoseconds: Int64 = 10_000_000_000) throws {
        encoder = try AudioEncoder(codec: settings.codec, format: settings.format, bitrate: settings.bitrate)
        name = settings.name
        self.holdNanoseconds = holdNanoseconds
    }

    var sound: (encoder: AudioEncoder, name: String) { (encoder, name) }

    /// Encodes a chunk; its packets wait for the pictures.
    mutating func take(_ chunk: AudioChunk) throws {
        pending += try encoder.encode(chunk)
        guard let newest = pending.last?.timestampNanoseconds else { return }
        while let oldest = pending.first, newest - oldest.timestampNanoseconds > holdNanoseconds {
            pending.removeFirst()
        }
    }

    /// The encoder's last packets join those waiting (the recording ends).
    mutating func drain() throws { pending += try encoder.drain() }

    /// Writes the packets that start before `time` into `file`, with the gaps the device left
    /// before then; without a file (no clip open) they wait, for a clip's pre-roll.
    mutating func flush(before time: Int64, into file: MovieFile?) throws {
        guard let file else { return }
        let gaps = encoder.gaps
        while notedGaps < gaps.count, gaps[notedGaps].startNanoseconds < time {
            var gap = gaps[notedGaps]
            if let lossReason { gap.reason = lossReason }
            file.noteSoundGap(gap)
            lossReason = nil
            notedGaps += 1
        }
        var count = 0
        for packet in pending {
            guard packet.timestampNanoseconds < time else { break }
            try file.write(packet)
            count += 1
        }
        pending.removeFirst(count)
    }

    /// Forgets the sound waiting (the camera went away: nothing to put it beside).
    mutating func discard() {
        pending.removeAll()
    }
}
