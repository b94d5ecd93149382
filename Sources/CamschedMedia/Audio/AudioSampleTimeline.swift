import CamschedCore

/// Places a microphone's chunks on one unbroken run of samples, by their capture times: the
/// encoder's input. A chunk that starts later than the samples so far reach (an overrun, a
/// device that was away) is preceded by silence as long as the gap — so every later sample
/// keeps its time and sound stays in step with picture — and the gap is recorded; one that
/// starts earlier than they reach (the two clocks drifting apart) loses its overlapping start.
/// Differences up to `tolerance` are the clocks' jitter and left alone.
struct AudioSampleTimeline {
    let format: AudioFormat
    /// Jitter left alone, in sample frames.
    let tolerance: Int64
    /// Capture time of sample frame 0 (the first chunk's first).
    private(set) var originNanoseconds: Int64?
    /// Sample frames placed so far (silence included).
    private(set) var frames: Int64 = 0
    /// Sample frames dropped because they overlapped what was placed.
    private(set) var trimmedFrames: Int64 = 0
    /// Stretches with no sound from the device, filled with silence.
    private(set) var gaps: [AudioGap] = []

    /// `toleranceSeconds`: how far a chunk may start from where the run reaches before it
    /// counts as a gap or an overlap (default 40 ms, twice a USB microphone's period).
    init(format: AudioFormat, toleranceSeconds: Double = 0.04) {
        self.format = format
        tolerance = Int64(toleranceSeconds * Double(format.rate))
    }

    /// The capture time of sample frame `index`.
    func nanoseconds(ofFrame index: Int64) -> Int64 {
        (originNanoseconds ?? 0) + index * 1_000_000_000 / Int64(format.rate)
    }

    /// The samples (interleaved) that continue the run with `chunk`: silence for a gap first,
    /// or the chunk without its overlapping start.
    mutating func place(_ chunk: AudioChunk) -> [Int16] {
        precondition(chunk.rate == format.rate && chunk.channels == format.channels, "a chunk in another format")
        guard let origin = originNanoseconds else {
            originNanoseconds = chunk.timestampNanoseconds
            frames = Int64(chunk.frames)
            return chunk.samples
        }
        let startFrame = CivilTime.floorDiv((chunk.timestampNanoseconds - origin) * Int64(format.rate), 1_000_000_000)
        let offset = startFrame - frames
        if offset > tolerance {
            gaps.append(AudioGap(startNanoseconds: nanoseconds(ofFrame: frames), durationNanoseconds: offset * 1_000_000_000 / Int64(format.rate)))
            let silence = [Int16](repeating: 0, count: Int(offset) * format.channels)
            frames += offset + Int64(chunk.frames)
            return silence + chunk.samples
        }
        if offset < -tolerance {
            let drop = min(Int(-offset), chunk.frames)
            trimmedFrames += Int64(drop)
            frames += Int64(chunk.frames - drop)
            return Array(chunk.samples.dropFirst(drop * format.channels))
        }
        frames += Int64(chunk.frames)
        return chunk.samples
    }
}
