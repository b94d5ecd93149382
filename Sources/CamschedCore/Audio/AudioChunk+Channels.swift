extension AudioChunk {
    /// The same sound in `count` channels: a mono chunk repeated into each, more channels
    /// averaged into one (mono), or the first `count` kept, the last repeated for more.
    /// What a network camera's sound becomes for the channels the job records.
    package func mixed(toChannels count: Int) -> AudioChunk {
        precondition(count > 0, "a chunk needs a channel")
        guard count != channels else { return self }
        var out = [Int16]()
        out.reserveCapacity(frames * count)
        for frame in 0..<frames {
            let first = frame * channels
            if count == 1 {
                var sum = 0
                for channel in 0..<channels { sum += Int(samples[first + channel]) }
                out.append(Int16(sum / channels))
            } else {
                for channel in 0..<count { out.append(samples[first + min(channel, channels - 1)]) }
            }
        }
        return AudioChunk(samples: out, rate: rate, channels: count, timestampNanoseconds: timestampNanoseconds)
    }
}
