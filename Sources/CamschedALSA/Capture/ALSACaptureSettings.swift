internal import CALSA

/// The hardware and software parameters a capture stream is opened with: interleaved signed
/// 16-bit little-endian samples, the channels asked, the rate asked (else 48000 Hz where the
/// device takes it, else the device's nearest), periods of about 20 ms in a buffer of about
/// half a second, and status timestamps on `CLOCK_MONOTONIC` (the clock of V4L2's buffers).
struct ALSACaptureSettings {
    /// The rate used when none is asked and the device takes it.
    static let preferredRate = 48_000
    static let periodMicroseconds: UInt32 = 20_000
    static let bufferMicroseconds: UInt32 = 500_000

    let rate: Int
    let channels: Int
    let periodFrames: Int
    let bufferFrames: Int

    /// Applies the settings to an open, unconfigured `pcm`.
    /// - Throws: ``ALSAError/refused(name:asked:takes:)`` naming the range the device takes, or
    ///   the failure of a call.
    init(applyingTo pcm: OpaquePointer, name: String, rate asked: Int?, channels: Int) throws(ALSAError) {
        let hardware = try ALSAHardwareParameters(any: pcm, name: name)
        let params = hardware.pointer
        try Self.check(snd_pcm_hw_params_set_access(pcm, params, SND_PCM_ACCESS_RW_INTERLEAVED), "snd_pcm_hw_params_set_access", name)
        guard snd_pcm_hw_params_test_format(pcm, params, SND_PCM_FORMAT_S16_LE) == 0 else {
            throw .refused(name: name, asked: "16-bit samples (S16_LE)",
                           takes: hardware.formatNames.joined(separator: ", ") + " (a plughw: name converts)")
        }
        try Self.check(snd_pcm_hw_params_set_format(pcm, params, SND_PCM_FORMAT_S16_LE), "snd_pcm_hw_params_set_format", name)
        guard channels > 0, snd_pcm_hw_params_test_channels(pcm, params, UInt32(clamping: channels)) == 0 else {
            throw .refused(name: name, asked: "\(channels) channels", takes: hardware.channelRange)
        }
        try Self.check(snd_pcm_hw_params_set_channels(pcm, params, UInt32(channels)), "snd_pcm_hw_params_set_channels", name)
        self.rate = try Self.setRate(asked, pcm: pcm, hardware: hardware, name: name)
        self.channels = channels
        var period = Self.periodMicroseconds, buffer = Self.bufferMicroseconds, direction: Int32 = 0
        try Self.check(snd_pcm_hw_params_set_buffer_time_near(pcm, params, &buffer, &direction), "snd_pcm_hw_params_set_buffer_time_near", name)
        try Self.check(snd_pcm_hw_params_set_period_time_near(pcm, params, &period, &direction), "snd_pcm_hw_params_set_period_time_near", name)
        try Self.check(snd_pcm_hw_params(pcm, params), "snd_pcm_hw_params", name)
        var periodSize: snd_pcm_uframes_t = 0, bufferSize: snd_pcm_uframes_t = 0
        snd_pcm_hw_params_get_period_size(params, &periodSize, &direction)
        snd_pcm_hw_params_get_buffer_size(params, &bufferSize)
        periodFrames = Int(periodSize)
        bufferFrames = Int(bufferSize)
        try Self.applySoftware(to: pcm, name: name, periodFrames: periodSize)
    }

    /// The asked rate exactly, or else 48000 Hz, or else the nearest the device takes.
    private static func setRate(_ asked: Int?, pcm: OpaquePointer, hardware: ALSAHardwareParameters, name: String) throws(ALSAError) -> Int {
        let params = hardware.pointer
        if let asked {
            guard asked > 0, snd_pcm_hw_params_test_rate(pcm, params, UInt32(clamping: asked), 0) == 0 else {
                throw .refused(name: name, asked: "a rate of \(asked) Hz", takes: hardware.rateRange)
            }
            try check(snd_pcm_hw_params_set_rate(pcm, params, UInt32(asked), 0), "snd_pcm_hw_params_set_rate", name)
            return asked
        }
        var rate = UInt32(preferredRate), direction: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm, params, &rate, &direction), "snd_pcm_hw_params_set_rate_near", name)
        return Int(rate)
    }

    /// Timestamps on the monotonic clock, taken at each pointer update (`SND_PCM_TSTAMP_ENABLE`),
    /// and a wake-up for each period.
    private static func applySoftware(to pcm: OpaquePointer, name: String, periodFrames: snd_pcm_uframes_t) throws(ALSAError) {
        var allocated: OpaquePointer?
        let code = snd_pcm_sw_params_malloc(&allocated)
        guard code >= 0, let params = allocated else { throw .failed(name: name, call: "snd_pcm_sw_params_malloc", code: -code) }
        defer { snd_pcm_sw_params_free(params) }
        try check(snd_pcm_sw_params_current(pcm, params), "snd_pcm_sw_params_current", name)
        try check(snd_pcm_sw_params_set_tstamp_mode(pcm, params, SND_PCM_TSTAMP_ENABLE), "snd_pcm_sw_params_set_tstamp_mode", name)
        try check(snd_pcm_sw_params_set_tstamp_type(pcm, params, SND_PCM_TSTAMP_TYPE_MONOTONIC), "snd_pcm_sw_params_set_tstamp_type", name)
        try check(snd_pcm_sw_params_set_avail_min(pcm, params, periodFrames), "snd_pcm_sw_params_set_avail_min", name)
        try check(snd_pcm_sw_params(pcm, params), "snd_pcm_sw_params", name)
    }

    private static func check(_ code: Int32, _ call: String, _ name: String) throws(ALSAError) {
        if code < 0 { throw ALSAError.of(call, code, name: name) }
    }
}
