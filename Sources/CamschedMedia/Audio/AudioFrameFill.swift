import CamschedCore
internal import CFFmpegShim

/// Interleaved 16-bit samples into an `AVFrame` of the sample format an encoder takes:
/// 16-bit interleaved as they are, float interleaved, or float planar (one plane a channel).
enum AudioFrameFill {
    static func frame(_ samples: [Int16], format: AudioFormat, sampleFormat: AVSampleFormat,
                      layout: AVChannelLayout) throws -> OwnedAVFrame {
        let frame = try OwnedAVFrame()
        let raw = frame.pointer
        let count = samples.count / format.channels
        raw.pointee.nb_samples = Int32(count)
        raw.pointee.format = sampleFormat.rawValue
        raw.pointee.sample_rate = Int32(format.rate)
        raw.pointee.ch_layout = layout
        try AVError.check(av_frame_get_buffer(raw, 0), "av_frame_get_buffer")
        let channels = format.channels
        switch sampleFormat {
        case AV_SAMPLE_FMT_FLTP:
            for channel in 0..<channels {
                guard let plane = frame.plane(channel) else { continue }
                plane.withMemoryRebound(to: Float.self, capacity: count) { out in
                    for index in 0..<count { out[index] = Float(samples[index * channels + channel]) / 32768 }
                }
            }
        case AV_SAMPLE_FMT_FLT:
            frame.plane(0)?.withMemoryRebound(to: Float.self, capacity: samples.count) { out in
                for index in samples.indices { out[index] = Float(samples[index]) / 32768 }
            }
        default:
            frame.plane(0)?.withMemoryRebound(to: Int16.self, capacity: samples.count) { out in
                samples.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: samples.count) }
            }
        }
        return frame
    }
}
