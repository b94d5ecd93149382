import CFFmpegShim
import CamschedMedia
import CamschedV4L2
import Foundation

/// A `file:` camera: decodes a video file with libavformat/libavcodec and delivers its frames
/// as a camera would — in real time by default, or as fast as they decode (`pace=fast`),
/// optionally looping. Frames come out as YU12 (planar 4:2:0), converted with libswscale
/// when the file has another layout.
public final class FileCamera: Camera, @unchecked Sendable {
    public let identity: CameraIdentity
    public let path: String
    public let options: FileCameraOptions

    private let lock = NSLock()
    private var _state: CameraState = .closed
    private var decoder: FileDecoder?
    private var format: CameraFormat?
    private var streamStart: Int64 = 0
    private var loopOffset: Int64 = 0
    private var lastTimestamp: Int64 = -1
    private var sequence: UInt32 = 0

    public init(path: String, options: FileCameraOptions) {
        self.path = path
        self.options = options
        let name = (path as NSString).lastPathComponent
        identity = CameraIdentity(path: "file:\(path)", card: name, driver: "camsched-file", bus: "file:\(path)",
                                  stableKey: "file|\(path)")
    }

    public var state: CameraState { lock.withLock { _state } }
    public var pacesInRealTime: Bool { !options.fastPace }
    public var droppedFrames: Int { 0 }

    public func open() throws(CameraError) {
        guard FileManager.default.fileExists(atPath: path) else {
            // Say the file is missing, not that no camera was found: it is a path the user typed.
            throw .fileUnreadable(path: path, reason: "no such file; check the path (relative paths in a job are taken from the job file's folder)")
        }
        let opened = try FileDecoder(path: path)
        try lock.locked { () throws(CameraError) in
            guard _state.canMove(to: .open) else { throw .invalidState("open() while \(_state)") }
            decoder = opened
            _state = .open
        }
    }

    private var mode: CameraMode? {
        decoder.map { CameraMode(pixelFormat: .yu12, width: $0.width, height: $0.height, frameRates: [$0.frameRate]) }
    }

    /// The file's own mode: what `camera.size` unset means for this camera.
    public var defaultMode: CameraMode? { lock.withLock { mode } }

    public func modes() throws(CameraError) -> [CameraMode] {
        try lock.locked { () throws(CameraError) -> [CameraMode] in
            guard let mode else { throw .invalidState("modes() before open()") }
            return [mode]
        }
    }

    public func currentMode() -> CameraMode? { defaultMode }

    public func controls() throws(CameraError) -> [CameraControl] { [] }

    public func setControl(id: UInt32, value: Int64) throws(CameraError) -> Int64 {
        throw .unsupportedControl(name: String(format: "control 0x%08x", id), reason: "a file camera has no controls")
    }

    public func getControl(id: UInt32) throws(CameraError) -> Int64 {
        throw .unsupportedControl(name: String(format: "control 0x%08x", id), reason: "a file camera has no controls")
    }

    public func configure(mode requested: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        try lock.locked { () throws(CameraError) -> CameraFormat in
            guard let mode, _state == .open || _state == .configured else { throw .invalidState("configure() while \(_state)") }
            guard requested.width == mode.width, requested.height == mode.height, requested.pixelFormat == mode.pixelFormat else {
                throw .unsupportedMode(requested: requested.summary, supported: [mode.summary])
            }
            let applied = CameraFormat(pixelFormat: .yu12, width: mode.width, height: mode.height, bytesPerLine: mode.width,
                                       fps: mode.frameRates.first ?? fps)
            format = applied
            _state = .configured
            return applied
        }
    }

    public func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { nil }

    public func startStreaming() throws(CameraError) {
        try lock.locked { () throws(CameraError) in
            guard _state == .configured else { throw .invalidState("startStreaming() while \(_state)") }
            _state = .streaming
            streamStart = MonotonicClock.nanoseconds()
            loopOffset = 0
            lastTimestamp = -1
        }
    }

    public func nextFrame(timeout: Duration) throws(CameraError) -> VideoFrame? {
        guard let decoder = lock.withLock({ _state == .streaming ? self.decoder : nil }) else {
            throw .invalidState("nextFrame() while \(state)")
        }
        var decoded = try decoder.next()
        if decoded == nil, options.loop {
            lock.withLock { loopOffset = lastTimestamp + decoder.frameDurationNanoseconds }
            try decoder.rewind()
            decoded = try decoder.next()
        }
        guard let (picture, relative) = decoded else {
            throw .endOfStream(path: path)
        }
        let (timestamp, seq) = lock.withLock { () -> (Int64, UInt32) in
            var stamp = streamStart + loopOffset + relative
            if stamp <= lastTimestamp { stamp = lastTimestamp + 1 }
            lastTimestamp = stamp - streamStart
            sequence &+= 1
            return (stamp, sequence &- 1)
        }
        if !options.fastPace {
            let now = MonotonicClock.nanoseconds()
            let limit = now + Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
            MonotonicClock.sleep(until: min(timestamp, limit))
        }
        return VideoFrame(width: decoder.width, height: decoder.height, pixelFormat: .yu12, bytesPerLine: decoder.width,
                          bytes: picture.bytes, sequence: seq, timestampNanoseconds: timestamp, wallClock: Date(),
                          onRelease: picture.release)
    }

    public func stopStreaming() {
        lock.withLock { if _state == .streaming { _state = .configured } }
    }

    public func close() {
        lock.withLock {
            decoder = nil
            _state = .closed
        }
    }
}

/// libavformat + libavcodec + libswscale decoding of one video stream to YU12.
final class FileDecoder {
    let path: String
    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private let streamIndex: Int32
    private let timeBase: AVRational
    let width: Int
    let height: Int
    let frameRate: Double
    private let pool: PictureBufferPool
    private var firstPts: Int64?
    private var draining = false

    var frameDurationNanoseconds: Int64 { Int64(1e9 / max(frameRate, 1)) }

    init(path: String) throws(CameraError) {
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>?
        var code = avformat_open_input(&context, path, nil, nil)
        guard code >= 0, let context else { throw .fileUnreadable(path: path, reason: FileDecoder.text(code)) }
        formatContext = context
        code = avformat_find_stream_info(context, nil)
        guard code >= 0 else {
            avformat_close_input(&formatContext)
            throw .fileUnreadable(path: path, reason: FileDecoder.text(code))
        }
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = context.pointee.streams[Int(index)] else {
            avformat_close_input(&formatContext)
            throw .fileUnreadable(path: path, reason: "it has no video stream")
        }
        streamIndex = index
        timeBase = stream.pointee.time_base
        codecContext = avcodec_alloc_context3(codec)
        avcodec_parameters_to_context(codecContext, stream.pointee.codecpar)
        code = avcodec_open2(codecContext, codec, nil)
        guard code >= 0, let codecContext else {
            avcodec_free_context(&codecContext)
            avformat_close_input(&formatContext)
            throw .fileUnreadable(path: path, reason: FileDecoder.text(code))
        }
        width = Int(codecContext.pointee.width) & ~1
        height = Int(codecContext.pointee.height) & ~1
        let rate = stream.pointee.avg_frame_rate.den != 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.den != 0 && rate.num > 0 ? Double(rate.num) / Double(rate.den) : 30
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        pool = PictureBufferPool(byteCount: width * height * 3 / 2)
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codecContext)
        avformat_close_input(&formatContext)
    }

    static func text(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        cs_av_error_string(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Seeks back to the start for looping.
    func rewind() throws(CameraError) {
        let code = av_seek_frame(formatContext, streamIndex, 0, AVSEEK_FLAG_BACKWARD)
        guard code >= 0 else { throw .fileUnreadable(path: path, reason: FileDecoder.text(code)) }
        avcodec_flush_buffers(codecContext)
        firstPts = nil
        draining = false
    }

    /// The next decoded frame as YU12 and its time since the first frame in nanoseconds; nil at
    /// the end of the file. A decoded picture that already is tightly packed YU12 (a Y4M or raw
    /// 4:2:0 file) is handed out as it is, without a copy; anything else is converted once, into
    /// a recycled buffer.
    func next() throws(CameraError) -> (DecodedPicture, Int64)? {
        while true {
            let received = avcodec_receive_frame(codecContext, frame)
            if received == 0, let frame {
                let pts = frame.pointee.best_effort_timestamp != cs_av_nopts_value() ? frame.pointee.best_effort_timestamp : frame.pointee.pts
                if firstPts == nil { firstPts = pts }
                let relative = av_rescale_q(pts - (firstPts ?? 0), timeBase, AVRational(num: 1, den: 1_000_000_000))
                defer { av_frame_unref(frame) }
                return (try picture(from: frame), relative)
            }
            if received == cs_averror_eof() { return nil }
            guard received == cs_averror_eagain() else { throw .fileUnreadable(path: path, reason: FileDecoder.text(received)) }
            if draining { return nil }
            let read = av_read_frame(formatContext, packet)
            if read < 0 {
                draining = true
                avcodec_send_packet(codecContext, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet?.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codecContext, packet)
            if sent < 0 && sent != cs_averror_eagain() { throw .fileUnreadable(path: path, reason: FileDecoder.text(sent)) }
        }
    }

    /// `frame` as a YU12 picture that outlives the decoder's next call.
    private func picture(from frame: UnsafeMutablePointer<AVFrame>) throws(CameraError) -> DecodedPicture {
        if let wrapped = DecodedPicture(packed: frame, width: width, height: height) { return wrapped }
        let buffer = pool.take()
        do throws(CameraError) { try convert(frame, into: buffer) } catch {
            pool.give(buffer)
            throw error
        }
        let pool = self.pool
        nonisolated(unsafe) let storage = buffer // Handed back exactly once, by the frame's release.
        return DecodedPicture(bytes: UnsafeRawBufferPointer(buffer), release: { pool.give(storage) })
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>, into output: UnsafeMutableRawBufferPointer) throws(CameraError) {
        let source = AVPixelFormat(rawValue: frame.pointee.format)
        scaler = sws_getCachedContext(scaler, frame.pointee.width, frame.pointee.height, source, Int32(width), Int32(height),
                                      AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
        let name = av_get_pix_fmt_name(source).map { String(cString: $0) } ?? "format \(source.rawValue)"
        guard scaler != nil, let base = output.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .fileUnreadable(path: path, reason: "libswscale cannot convert its \(name) pictures to yuv420p")
        }
        var planes: [UnsafeMutablePointer<UInt8>?] = [base, base + width * height, base + width * height + (width / 2) * (height / 2), nil]
        var strides: [Int32] = [Int32(width), Int32(width / 2), Int32(width / 2), 0]
        let rows = withUnsafePointer(to: frame.pointee.data) { dataTuple in
            dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                withUnsafePointer(to: frame.pointee.linesize) { sizeTuple in
                    sizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                        sws_scale(scaler, src, srcStride, 0, frame.pointee.height, &planes, &strides)
                    }
                }
            }
        }
        guard rows > 0 else {
            throw .fileUnreadable(path: path, reason: "converting a \(name) picture to yuv420p failed (\(FileDecoder.text(rows)))")
        }
    }
}

/// Decoded pixels handed to a `VideoFrame`, with what gives them back when it is released.
struct DecodedPicture {
    let bytes: UnsafeRawBufferPointer
    let release: @Sendable () -> Void

    init(bytes: UnsafeRawBufferPointer, release: @escaping @Sendable () -> Void) {
        self.bytes = bytes
        self.release = release
    }

    /// Takes a reference to `frame`'s buffers when they already hold YU12 as a `VideoFrame`
    /// lays it out (planes back to back, no padding); nil otherwise.
    init?(packed frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int) {
        guard AVPixelFormat(rawValue: frame.pointee.format) == AV_PIX_FMT_YUV420P,
              Int(frame.pointee.width) == width, Int(frame.pointee.height) == height,
              frame.pointee.buf.0 != nil,
              let y = frame.pointee.data.0, let u = frame.pointee.data.1, let v = frame.pointee.data.2,
              Int(frame.pointee.linesize.0) == width, Int(frame.pointee.linesize.1) == width / 2,
              Int(frame.pointee.linesize.2) == width / 2,
              u == y + width * height, v == u + (width / 2) * (height / 2),
              let reference = av_frame_clone(frame) else { return nil }
        let held = HeldAVFrame(reference)
        bytes = UnsafeRawBufferPointer(start: y, count: width * height * 3 / 2)
        release = { held.free() }
    }
}

/// An `AVFrame` reference freed exactly once, from whichever thread lets go of it last.
private final class HeldAVFrame: @unchecked Sendable {
    private var frame: UnsafeMutablePointer<AVFrame>?
    init(_ frame: UnsafeMutablePointer<AVFrame>) { self.frame = frame }
    func free() { av_frame_free(&frame) }
}

/// A few picture buffers of one size, recycled: a fresh megabyte-sized allocation per frame
/// is a fresh mapping and hundreds of page faults each time.
final class PictureBufferPool: @unchecked Sendable {
    private let byteCount: Int
    private let lock = NSLock()
    private var free: [UnsafeMutableRawBufferPointer] = []
    private let keep = 16

    init(byteCount: Int) { self.byteCount = byteCount }

    deinit { for buffer in free { buffer.deallocate() } }

    func take() -> UnsafeMutableRawBufferPointer {
        lock.withLock { free.popLast() } ?? .allocate(byteCount: byteCount, alignment: 64)
    }

    func give(_ buffer: UnsafeMutableRawBufferPointer) {
        let kept = lock.withLock { () -> Bool in
            guard free.count < keep else { return false }
            free.append(buffer)
            return true
        }
        if !kept { buffer.deallocate() }
    }
}
