internal import CALSA

/// One `snd_pcm_hw_params_t` (allocated with `snd_pcm_hw_params_malloc`, freed in `deinit`):
/// the space of configurations a device offers, narrowed setting by setting.
final class ALSAHardwareParameters {
    let pointer: OpaquePointer

    /// Every configuration `pcm` offers (`snd_pcm_hw_params_any`).
    init(any pcm: OpaquePointer, name: String) throws(ALSAError) {
        var allocated: OpaquePointer?
        let code = snd_pcm_hw_params_malloc(&allocated)
        guard code >= 0, let allocated else { throw .failed(name: name, call: "snd_pcm_hw_params_malloc", code: -code) }
        pointer = allocated
        let filled = snd_pcm_hw_params_any(pcm, pointer)
        if filled < 0 { throw ALSAError.of("snd_pcm_hw_params_any", filled, name: name) }
    }

    deinit {
        snd_pcm_hw_params_free(pointer)
    }

    /// The rates still possible, as the device's range in words: "48000 Hz", "8000–192000 Hz".
    var rateRange: String {
        var low: UInt32 = 0, high: UInt32 = 0, direction: Int32 = 0
        guard snd_pcm_hw_params_get_rate_min(pointer, &low, &direction) >= 0,
              snd_pcm_hw_params_get_rate_max(pointer, &high, &direction) >= 0 else { return "an unknown rate" }
        return Self.range(low, high, unit: "Hz")
    }

    /// The channel counts still possible, in words: "2 channels", "1–32 channels".
    var channelRange: String {
        var low: UInt32 = 0, high: UInt32 = 0
        guard snd_pcm_hw_params_get_channels_min(pointer, &low) >= 0,
              snd_pcm_hw_params_get_channels_max(pointer, &high) >= 0 else { return "an unknown channel count" }
        return Self.range(low, high, unit: "channels")
    }

    /// The sample formats still possible, by alsa-lib's names ("S16_LE", "S32_LE").
    var formatNames: [String] {
        var mask: OpaquePointer?
        guard snd_pcm_format_mask_malloc(&mask) >= 0, let mask else { return [] }
        defer { snd_pcm_format_mask_free(mask) }
        snd_pcm_hw_params_get_format_mask(pointer, mask)
        return (0...SND_PCM_FORMAT_LAST.rawValue).compactMap { value in
            let format = snd_pcm_format_t(rawValue: value)
            guard snd_pcm_format_mask_test(mask, format) != 0, let name = snd_pcm_format_name(format) else { return nil }
            return String(cString: name)
        }
    }

    private static func range(_ low: UInt32, _ high: UInt32, unit: String) -> String {
        low == high ? "\(low) \(unit)" : "\(low)–\(high) \(unit)"
    }
}
