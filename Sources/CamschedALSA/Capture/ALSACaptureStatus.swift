internal import CALSA

/// One `snd_pcm_status` of a capture stream: its state, and where its pointer was at one
/// instant — the instant (`timestampNanoseconds`, on the clock the software parameters chose:
/// `CLOCK_MONOTONIC`), the frames captured and not yet read (`available`), and the frames
/// between the next one to read and the one the converter took at that instant (`delay`:
/// `available` plus what is still in the hardware's queue).
struct ALSACaptureStatus {
    var state: snd_pcm_state_t
    var timestampNanoseconds: Int64
    var available: Int
    var delay: Int

    /// The status of `pcm` now. The corresponding C call is `snd_pcm_status`.
    init(of pcm: OpaquePointer, name: String) throws(ALSAError) {
        var allocated: OpaquePointer?
        let code = snd_pcm_status_malloc(&allocated)
        guard code >= 0, let status = allocated else { throw .failed(name: name, call: "snd_pcm_status_malloc", code: -code) }
        defer { snd_pcm_status_free(status) }
        let got = snd_pcm_status(pcm, status)
        if got < 0 { throw ALSAError.of("snd_pcm_status", got, name: name) }
        state = snd_pcm_status_get_state(status)
        var stamp = snd_htimestamp_t()
        snd_pcm_status_get_htstamp(status, &stamp)
        timestampNanoseconds = Int64(stamp.tv_sec) * 1_000_000_000 + Int64(stamp.tv_nsec)
        available = Int(snd_pcm_status_get_avail(status))
        delay = Int(snd_pcm_status_get_delay(status))
    }

    /// The capture time of the next frame to read: the status's instant less the frames
    /// delayed at that instant (`delay` ÷ `rate`; never fewer than those available).
    func firstFrameNanoseconds(rate: Int) -> Int64 {
        let behind = Int64(max(delay, available))
        return timestampNanoseconds - behind * 1_000_000_000 / Int64(rate)
    }
}
