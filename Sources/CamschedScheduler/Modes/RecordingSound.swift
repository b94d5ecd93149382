import CamschedCapture
import CamschedCore
import CamschedJobs
import CamschedMedia

/// The sound of a recording: the job's microphone (`camera.audio`) opened once the camera is,
/// read on its own thread (``SoundCapture``) and handed to the recorder before each frame, so
/// sound and pictures are written side by side by their capture times. A microphone that is
/// missing or busy costs the sound only — said once — unless the job requires it. A network
/// camera's sound is its stream's (``NetworkSoundSource``), kept unless `camera.audio` is
/// `false`; each connection after a loss is connected to it again (``rejoin(_:)``).
final class RecordingSound {
    private let spec: AudioSpec
    /// False when the job has no `camera.audio`: only a stream's own sound is recorded then.
    private let asked: Bool
    private let report: RunReporter
    private var capture: SoundCapture?
    private var tried = false
    /// The stream's reconnections whose gap was given its reason.
    private var reconnections = 0

    /// Nil when the job records no sound (`camera.audio` is `false`).
    init?(spec: AudioSpec?, report: RunReporter) {
        guard spec?.enabled ?? true else { return nil }
        self.spec = spec ?? AudioSpec()
        asked = spec != nil
        self.report = report
    }

    /// Opens the microphone beside `camera` (once): the recorder's sound settings, nil for
    /// pictures only.
    /// - Throws: ``MicrophoneError`` when the job requires sound and there is none.
    /// - Parameter stream: the sound the camera's stream carries (a network camera's).
    func open(beside camera: CameraIdentity, stream: StreamSound? = nil) throws -> SoundSettings? {
        if let capture { return settings(of: capture.microphone) }
        guard !tried, asked || stream != nil else { return nil }
        tried = true
        do {
            let microphone = try MicrophoneChoice.microphone(device: spec.device, rate: spec.rate, channels: spec.channels, camera: camera,
                                                             stream: stream)
            try microphone.start()
            let capture = SoundCapture(microphone: microphone)
            capture.start()
            self.capture = capture
            report.logger.info("sound from \(microphone.name): \(microphone.format.rate) Hz, \(microphone.format.channels) channel(s), \(spec.codec.rawValue)")
            return settings(of: microphone)
        } catch {
            if spec.required { throw error }
            report.logger.warning("recording pictures only: \(error) (camera.audio.required is false)")
            return nil
        }
    }

    /// A network camera connected again after a loss: its new stream's sound goes on into the
    /// recording's source (the time between is a gap).
    func rejoin(_ stream: StreamSound?) {
        guard let source = capture?.microphone as? NetworkSoundSource, let stream else { return }
        stream.connect(to: source)
    }

    /// Hands the sound read so far to `recorder`; says when the microphone went or came back.
    /// `frameTime`: the capture time of the frame about to be appended; before a cut the
    /// microphone is waited for (at most half a second) until its sound is past that frame by
    /// the encoder's delay, so no sound of the file before the cut arrives after it closed.
    func feed(_ recorder: MovieRecorder?, before frameTime: Int64? = nil) throws {
        guard let capture else { return }
        if let recorder, let frameTime, recorder.cutsSoon(at: frameTime) {
            capture.wait(through: frameTime + Self.encoderDelay(rate: capture.microphone.format.rate), timeout: 0.5)
        }
        if let source = capture.microphone as? NetworkSoundSource, source.reconnections > reconnections {
            reconnections = source.reconnections
            recorder?.soundLost(reason: "camera lost")
        }
        let (chunks, events) = capture.take()
        for event in events {
            switch event {
            case let .lost(reason):
                report.logger.warning("sound stopped, pictures go on: \(reason); the microphone is tried again")
                recorder?.soundLost(reason: "microphone lost")
            case .back: report.logger.notice("sound is back from \(capture.microphone.name)")
            }
        }
        for chunk in chunks { try recorder?.append(sound: chunk) }
    }

    /// Stops the microphone once it has heard the last picture's interval out (at most that
    /// and a quarter second more); the sound read until then goes to `recorder`.
    func stop(into recorder: MovieRecorder?) {
        guard let capture else { return }
        if let end = recorder?.picturesEnd {
            let left = Double(end - MonotonicClock.nanoseconds()) / 1e9
            if left > -1 { capture.wait(through: end, timeout: max(left, 0) + 0.25) }
        }
        capture.stop()
        try? feed(recorder)
        self.capture = nil
    }

    /// Sound an encoder holds back before its packets come out (ns): the frame it keeps and the
    /// part of a frame not yet full (2 × 1024 samples: 43 ms at 48 kHz), and a 20 ms chunk more.
    static func encoderDelay(rate: Int) -> Int64 { 2 * 1024 * 1_000_000_000 / Int64(max(rate, 1)) + 20_000_000 }

    private func settings(of microphone: any Microphone) -> SoundSettings {
        SoundSettings(format: microphone.format, name: microphone.name, codec: spec.codec, bitrate: spec.bitrate)
    }
}
