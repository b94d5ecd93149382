internal import CFFmpegShim
import CamschedCore
import Foundation

/// A network camera's stream through libavformat: RTSP (over TCP), or MJPEG over HTTP
/// (`multipart/x-mixed-replace`, as another camsched's `stream.mjpg`). It hands each video
/// packet on as it came (``nextPacket()``) — what a stream copy files — and decodes one into a
/// picture when a consumer needs pixels (``decode(_:)``; the decoder opens then, so a copy
/// never pays for it). An H.264 stream's parameter sets, which RTSP may state only once (in
/// its session description), are put in front of every keyframe (libavcodec's `dump_extra`
/// filter), as a camera's own H.264 carries them: each keyframe can start a file. The
/// stream's sound, when it has any, is decoded as it comes and handed to ``onSound`` (see
/// `LiveStreamReader+Sound.swift`), stamped on the same clock as the pictures.
///
/// Reads wait for the network, each wait with a deadline for the whole of it, not per read: a
/// server that sends a byte every half second never trips a per-read timeout. Opening
/// (connecting, the server's answer, the first frames) has ``openTimeout``; each frame
/// ``frameTimeout(fps:)``; a connection that delivers nothing for ``readTimeout`` fails sooner.
/// A wait given up is a ``NetworkWaitError``; every wait also ends within 0.1 s of a stop
/// (``interrupt()``, or the `cancelled` the reader was made with).
/// Use from one thread; ``interrupt()`` from any.
package final class LiveStreamReader {
    /// How long a read or connect may wait for data (libavformat's `rw_timeout`).
    package static let readTimeout: Duration = .seconds(3)
    /// How long connecting, the server's answer and the first frames may take together: an
    /// open that works takes a few seconds at most (the half-second probe; over HTTP up to
    /// 1.5 s measuring the rate; a slow TLS handshake on a small camera), a trickle never ends.
    package static let openTimeout: Duration = .seconds(10)

    /// How long one whole frame may take to come: ``readTimeout``, or three frame intervals of a
    /// slower stream (the watchdog rule of every camera).
    package static func frameTimeout(fps: Double) -> Duration {
        max(readTimeout, .milliseconds(Int64(3000 / max(fps, 0.01))))
    }

    private let input: InputFormatContext
    /// The deadline and stop of every wait on `input`.
    private let waits: InputInterrupt
    private let stream: UnsafeMutablePointer<AVStream>
    private var decoder: CodecContext?
    /// H.264 with stated parameter sets: `dump_extra`.
    private let parameterSets: BitstreamFilter?
    private let streamIndex: Int
    /// What errors and logs call the stream: its URL without credentials.
    package let shownAs: String
    package let width: Int
    package let height: Int
    /// The stream's frame rate: as it states it, else (MJPEG over HTTP states none) as
    /// measured over its first frames.
    package private(set) var frameRate: Double
    /// The stream's codec as a pixel format: `MJPG` for MJPEG, `H264`, or nil for others.
    package let compressedFormat: FourCC?

    /// The stream's codec as people name it (``StreamCodecName``): `H.265 (HEVC)`, `MJPEG`.
    package var codecName: String { StreamCodecName.name(of: stream.pointee.codecpar.pointee.codec_id) }

    /// Packets read while measuring the rate, handed out first.
    private var pending: [Packet] = []
    /// RTSP: the stream's own (RTP) timing; nil: arrival times (MJPEG over HTTP, whose
    /// timestamps libavformat makes up at a nominal 25 fps). The sound's packets are stamped on it too.
    var clock: StreamClock?
    /// The stream's sound (its best audio stream), nil when it has none.
    let sound: StreamSoundDecoder?
    /// Where the decoded sound goes, chunk by chunk, on the reading thread; nil: sound packets
    /// are let go undecoded.
    package var onSound: ((AudioChunk) -> Void)?
    /// Whether the sound is wanted now (a recording takes it): when not, its packets are let
    /// go undecoded. Asked on the reading thread.
    package var wantsSound: () -> Bool = { true }
    /// Whether the reader is open: before, sound is held (``heldSound``).
    var opened = false
    /// Sound packets read before the clock was set (while opening): stamped once it is, and
    /// decoded when ``onSound`` is set.
    var heldSound: [(packet: OwnedAVPacket, arrived: Int64, captured: Int64?)] = []

    /// One packet of the stream with when it was taken and read.
    package struct Packet {
        let packet: OwnedAVPacket
        /// When it was read (monotonic clock, ns).
        package let arrivedNanoseconds: Int64
        /// When it was taken (monotonic clock, ns): the stream's own timing put on the
        /// monotonic clock (``StreamClock``), else when it arrived.
        package let capturedNanoseconds: Int64
        /// The packet's bytes (a whole JPEG for MJPEG); valid while the packet lives.
        package var bytes: UnsafeRawBufferPointer { packet.bytes }
        package var isKeyframe: Bool { packet.isKeyframe }

        /// The packet's bytes as a frame's memory, without copying them: the memory holds the
        /// packet (``PacketReference``), whose buffer is let go with the last frame or shared
        /// packet holding it. Takes the packet over: it is not to be decoded afterwards.
        package func frameMemory() throws -> FrameMemory {
            let reference = try PacketReference(taking: packet)
            return FrameMemory(bytes: reference.bytes, heldBy: reference)
        }
    }

    /// Connects to `url` (credentials, if any, inside it) and finds its video stream, all
    /// within ``openTimeout``.
    /// - Parameters:
    ///   - shownAs: `url` as it may be printed.
    ///   - cancelled: whether the run was asked to stop: asked by every wait, now and later.
    /// - Throws: `MediaError`, `AVError` (refused, unreachable, not found, no video),
    ///   ``NetworkWaitError`` (too slow, or stopped).
    package init(url: String, shownAs: String, cancelled: @escaping @Sendable () -> Bool = { false }) throws {
        try FFmpegLibraries.load()
        self.shownAs = shownAs
        waits = InputInterrupt(cancelled: cancelled)
        waits.limit(until: MonotonicClock.nanoseconds() + Self.openTimeout.wholeNanoseconds)
        clock = url.hasPrefix("rtsp") ? StreamClock() : nil
        input = try Self.open(url, shownAs: shownAs, interrupt: waits)
        guard let index = input.videoStreamIndex(), let stream = input.stream(index) else {
            throw MediaError.noVideoStream(path: shownAs)
        }
        let parameters = stream.pointee.codecpar.pointee
        self.stream = stream
        streamIndex = index
        sound = StreamSoundDecoder(input: input, video: index, shownAs: shownAs)
        width = Int(parameters.width)
        height = Int(parameters.height)
        // Only the average: MJPEG over HTTP states a nominal 25 that it does not keep.
        let average = stream.pointee.avg_frame_rate
        frameRate = average.den != 0 && average.num > 0 ? Double(average.num) / Double(average.den) : 0
        switch parameters.codec_id {
        case AV_CODEC_ID_MJPEG: compressedFormat = .mjpg
        case AV_CODEC_ID_H264: compressedFormat = .h264
        default: compressedFormat = nil
        }
        if compressedFormat == .h264, parameters.extradata_size > 0, let extradata = parameters.extradata {
            let bytes = UnsafeRawBufferPointer(start: extradata, count: Int(parameters.extradata_size))
            parameterSets = try BitstreamFilter(name: "dump_extra", codec: AV_CODEC_ID_H264, extradata: bytes)
        } else {
            parameterSets = nil
        }
        do {
            if frameRate <= 0 { frameRate = try measureRate() }
            if clock != nil { try primeClock() }
            stampHeldSound()
            opened = true
        } catch {
            throw Self.waitFailure(error, interrupt: waits, stage: .opening, url: shownAs)
        }
    }

    /// The demuxer of `url`, opened and probed under `interrupt`.
    private static func open(_ url: String, shownAs: String, interrupt: InputInterrupt) throws -> InputFormatContext {
        let microseconds = String(Self.readTimeout.components.seconds * 1_000_000)
        // Probe half a second, not libavformat's 5 s: what the probe read comes out at once
        // after it, a burst a live consumer would have to discard.
        var options = ["rw_timeout": microseconds, "analyzeduration": "500000", "fflags": "nobuffer"]
        if url.hasPrefix("rtsp") { options["rtsp_transport"] = "tcp"; options["timeout"] = microseconds }
        do {
            return try InputFormatContext(path: url, options: options, shownAs: shownAs, interrupt: interrupt)
        } catch {
            throw waitFailure(error, interrupt: interrupt, stage: .opening, url: shownAs)
        }
    }

    /// `error` as the wait's own failure when `interrupt` ended the wait (libavformat then
    /// says `AVERROR_EXIT`, or whatever the protocol made of the cut read), else as it is.
    private static func waitFailure(_ error: any Error, interrupt: InputInterrupt, stage: NetworkWaitError.Stage,
                                    limit: Duration = openTimeout, url: String) -> any Error {
        switch interrupt.cause {
        case nil: return error
        case .stopped?: return NetworkWaitError.stopped(url: url)
        case .deadline?: return NetworkWaitError.tooSlow(url: url, stage: stage, seconds: Double(limit.wholeNanoseconds) / 1e9)
        }
    }

    /// Ends the wait in progress, and every later one, within 0.1 s (the stream is being
    /// stopped): the reader is not to be read again. From any thread.
    package func interrupt() { waits.stop() }

    /// ``interrupt()`` as a closure any thread may keep and call (the reader itself is used
    /// from one thread).
    package var interrupter: @Sendable () -> Void { { [waits] in waits.stop() } }

    deinit {
        // Closing sends RTSP's TEARDOWN: a server that stopped reading must not hold it.
        waits.shorten(to: MonotonicClock.nanoseconds() + 1_000_000_000)
    }

    /// RTSP: the packets libavformat held while probing come out at once, so when they arrived
    /// says nothing of when they were taken. They are read ahead with the first packet that
    /// had to be waited for: its delay sets the clock, and the held ones are stamped on it by
    /// their stream times (kept for ``nextPacket()``).
    private func primeClock() throws {
        var held: [(packet: OwnedAVPacket, arrived: Int64)] = []
        var previous = MonotonicClock.nanoseconds()
        while held.count < 64, let next = try readVideoPacket() {
            held.append(next)
            if next.arrived - previous > 2_000_000 { break }  // waited for: live
            previous = next.arrived
        }
        // The sound's quickest packet first: a server sends its sound sooner after taking it than
        // its pictures (no encoder latency to speak of), and a clock set by a picture would shrink
        // to the sound's delay only slowly, squeezing the sound against its sample count meanwhile.
        if let quickest = quickestHeldSound() { _ = clock?.captured(stream: quickest.stream, arrived: quickest.arrived) }
        if let live = held.last { _ = clock?.captured(stream: streamNanoseconds(of: live.packet), arrived: live.arrived) }
        for (packet, arrived) in held { pending.append(try stamped(packet, arrived: arrived)) }
    }

    /// The rate of the first frames (at most 5, within 1.5 s), which are kept for ``nextPacket()``:
    /// what frame gaps and files' nominal rate are measured against. 1 fps when too few came.
    private func measureRate() throws -> Double {
        let began = MonotonicClock.nanoseconds()
        while pending.count < 5, MonotonicClock.nanoseconds() - began < 1_500_000_000, let packet = try readPacket() { pending.append(packet) }
        guard let first = pending.first, let last = pending.last, pending.count >= 3, last.arrivedNanoseconds > first.arrivedNanoseconds else {
            return 1
        }
        let rate = Double(pending.count - 1) * 1e9 / Double(last.arrivedNanoseconds - first.arrivedNanoseconds)
        return (rate * 10).rounded() / 10
    }


    /// How long the next frame may take (``frameTimeout(fps:)`` at the stream's rate).
    package var frameTimeout: Duration { Self.frameTimeout(fps: frameRate) }

    /// The next video packet, within ``frameTimeout``; nil when the stream ended (the server closed it).
    /// - Throws: `AVError` when the connection failed or stayed silent for ``readTimeout``;
    ///   ``NetworkWaitError`` when no whole frame came in time, or the wait was stopped.
    package func nextPacket() throws -> Packet? {
        decodeHeldSound()
        if !pending.isEmpty { return pending.removeFirst() }
        let limit = frameTimeout
        waits.limit(until: MonotonicClock.nanoseconds() + limit.wholeNanoseconds)
        do { return try readPacket() } catch {
            throw Self.waitFailure(error, interrupt: waits, stage: .frame, limit: limit, url: shownAs)
        }
    }

    private func readPacket() throws -> Packet? {
        guard let (packet, arrived) = try readVideoPacket() else { return nil }
        return try stamped(packet, arrived: arrived)
    }

    /// The next non-empty packet of the video stream, with when it was read.
    private func readVideoPacket() throws -> (packet: OwnedAVPacket, arrived: Int64)? {
        while let packet = try input.readPacket() {
            if let sound, packet.pointer.pointee.stream_index == Int32(sound.index) {
                take(sound: packet, arrived: MonotonicClock.nanoseconds())
                continue
            }
            guard packet.pointer.pointee.stream_index == Int32(streamIndex), packet.pointer.pointee.size > 0 else { continue }
            return (packet, MonotonicClock.nanoseconds())
        }
        return nil
    }

    /// `packet` with its capture time, and the parameter sets in front of a keyframe.
    private func stamped(_ packet: OwnedAVPacket, arrived: Int64) throws -> Packet {
        let captured = clock?.captured(stream: streamNanoseconds(of: packet), arrived: arrived) ?? arrived
        let filtered = packet.isKeyframe ? try parameterSets?.filter(packet).first : nil
        return Packet(packet: filtered ?? packet, arrivedNanoseconds: arrived, capturedNanoseconds: captured)
    }

    /// The packet's presentation time in ns on the stream's own clock (nil: none).
    private func streamNanoseconds(of packet: OwnedAVPacket) -> Int64? {
        let pts = packet.pointer.pointee.pts
        guard pts != cs_av_nopts_value() else { return nil }
        return av_rescale_q(pts, stream.pointee.time_base, AVRational(num: 1, den: 1_000_000_000))
    }

    /// The picture of `packet` (nil when the decoder needs more packets first).
    package func decode(_ packet: Packet) throws -> OwnedAVFrame? {
        let decoder = try self.decoder ?? CodecContext.decoder(for: stream, shownAs: shownAs)
        self.decoder = decoder
        try decoder.send(packet.packet)
        return try decoder.receiveFrame()
    }
}
