internal import CALSA
internal import CALSAShim

/// An ALSA capture stream, open and configured (``ALSACaptureSettings``): started, waited on
/// with a deadline, read chunk by chunk with the monotonic capture time of each chunk's first
/// frame, and closed. Opened non-blocking, so a device another program holds is
/// ``ALSAError/busy(name:)`` at once, and a read never blocks.
///
/// Not thread-safe: one owner (a microphone, behind its lock) calls it.
package final class ALSACapture {
    /// The ALSA name it was opened by (`hw:CARD=C920,DEV=0`, `plughw:1,0`, `default`).
    package let name: String
    /// Sample frames per second, as the device runs.
    package let rate: Int
    /// Channels interleaved in each frame.
    package let channels: Int
    /// Frames of one period (the device's unit of transfer, about 20 ms).
    package let periodFrames: Int
    /// Overruns so far: each time the buffer filled before it was read, and capture restarted
    /// (the frames lost are the gap between one chunk's end and the next's timestamp).
    package private(set) var overruns = 0
    private var pcm: OpaquePointer?

    /// Opens `name` for capture and configures it.
    /// - Parameters:
    ///   - rate: Frames per second; nil: 48000 where the device takes it, else its nearest.
    ///   - channels: Channels to capture.
    /// - Throws: ``ALSAError``: `notFound`, `busy`, `refused` (with the range the device takes).
    ///   The corresponding C call is `snd_pcm_open`.
    package init(name: String, rate: Int?, channels: Int) throws(ALSAError) {
        cs_alsa_quiet_errors()
        var handle: OpaquePointer?
        let code = snd_pcm_open(&handle, name, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)
        guard code >= 0, let handle else { throw Self.openError(code, name: name) }
        let settings: ALSACaptureSettings
        do throws(ALSAError) {
            settings = try ALSACaptureSettings(applyingTo: handle, name: name, rate: rate, channels: channels)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        self.name = name
        self.rate = settings.rate
        self.channels = settings.channels
        self.periodFrames = settings.periodFrames
        pcm = handle
    }

    deinit {
        close()
    }

    /// Starts capture. The corresponding C call is `snd_pcm_start`.
    package func start() throws(ALSAError) {
        guard let pcm else { throw .gone(name: name, call: "snd_pcm_start", code: EBADFD) }
        let code = snd_pcm_start(pcm)
        if code < 0 { throw ALSAError.of("snd_pcm_start", code, name: name) }
    }

    /// Waits up to `milliseconds` for a period to read: true when there is one (or the stream
    /// needs recovering, which the next ``read(maxFrames:)`` does).
    /// - Throws: ``ALSAError/gone(name:call:code:)`` when the device went away.
    ///   The corresponding C call is `snd_pcm_wait`.
    package func wait(milliseconds: Int) throws(ALSAError) -> Bool {
        guard let pcm else { throw .gone(name: name, call: "snd_pcm_wait", code: EBADFD) }
        let code = ALSACall.result { snd_pcm_wait(pcm, Int32(clamping: milliseconds)) }
        if code >= 0 { return code > 0 }
        if -code == EPIPE || -code == ESTRPIPE { return true }
        throw ALSAError.of("snd_pcm_wait", code, name: name)
    }

    /// Reads what has been captured, at most `maxFrames` frames: the samples (interleaved) and
    /// the monotonic time of the first frame; nil when nothing is there yet. An overrun is
    /// recovered (counted in ``overruns``; nil is returned, and the next chunk's timestamp
    /// shows the gap); a suspended device is resumed.
    /// - Throws: ``ALSAError/gone(name:call:code:)`` when the device went away or did not resume.
    ///   The corresponding C calls are `snd_pcm_status` and `snd_pcm_readi`.
    package func read(maxFrames: Int) throws(ALSAError) -> (samples: [Int16], timestampNanoseconds: Int64)? {
        guard let pcm else { throw .gone(name: name, call: "snd_pcm_readi", code: EBADFD) }
        let status = try ALSACaptureStatus(of: pcm, name: name)
        switch status.state {
        case SND_PCM_STATE_XRUN: try recoverOverrun(pcm); return nil
        case SND_PCM_STATE_SUSPENDED: try resume(pcm); return nil
        case SND_PCM_STATE_DISCONNECTED: throw .gone(name: name, call: "snd_pcm_status", code: ENODEV)
        case SND_PCM_STATE_PREPARED, SND_PCM_STATE_SETUP: try start(); return nil
        default: break
        }
        let frames = min(status.available, maxFrames)
        guard frames > 0 else { return nil }
        var samples = [Int16](repeating: 0, count: frames * channels)
        let got = samples.withUnsafeMutableBytes { buffer in
            ALSACall.result { snd_pcm_readi(pcm, buffer.baseAddress, snd_pcm_uframes_t(frames)) }
        }
        if got < 0 {
            let code = Int32(truncatingIfNeeded: -got)
            switch code {
            case EAGAIN: return nil
            case EPIPE: try recoverOverrun(pcm); return nil
            case ESTRPIPE: try resume(pcm); return nil
            default: throw ALSAError.of("snd_pcm_readi", code, name: name)
            }
        }
        if got < frames { samples.removeLast((frames - got) * channels) }
        return (samples, status.firstFrameNanoseconds(rate: rate))
    }

    /// Stops capture and closes the device (idempotent). The corresponding C call is `snd_pcm_close`.
    package func close() {
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
        self.pcm = nil
    }

    /// After an overrun (`EPIPE`, `SND_PCM_STATE_XRUN`): prepare and start again.
    private func recoverOverrun(_ pcm: OpaquePointer) throws(ALSAError) {
        overruns += 1
        let prepared = snd_pcm_prepare(pcm)
        if prepared < 0 { throw ALSAError.of("snd_pcm_prepare", prepared, name: name) }
        try start()
    }

    /// After a suspend (`ESTRPIPE`): resume, or (where the driver cannot) prepare and start;
    /// a device that does neither is gone.
    private func resume(_ pcm: OpaquePointer) throws(ALSAError) {
        let resumed = snd_pcm_resume(pcm)
        if resumed == 0 || resumed == -EAGAIN { return }
        let prepared = snd_pcm_prepare(pcm)
        if prepared < 0 { throw .gone(name: name, call: "snd_pcm_resume", code: ESTRPIPE) }
        try start()
    }

    private static func openError(_ code: Int32, name: String) -> ALSAError {
        switch -code {
        case EBUSY: return .busy(name: name)
        case ENOENT, ENODEV, ENXIO, EINVAL: return .notFound(name: name, code: -code)
        default: return .failed(name: name, call: "snd_pcm_open", code: -code)
        }
    }
}
