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
            throw .notFound(uri: "file:\(path)", available: [])
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
        guard let (bytes, relative) = decoded else {
            throw .disconnected(path: identity.path) // End of file: the "camera" is gone.
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
                          copying: UnsafeRawBufferPointer(start: bytes.baseAddress, count: bytes.count), sequence: seq,
                          timestampNanoseconds: timestamp, wallClock: Date())
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
    private var output: UnsafeMutableRawBufferPointer
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
        output = UnsafeMutableRawBufferPointer.allocate(byteCount: width * height * 3 / 2, alignment: 64)
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codecContext)
        avformat_close_input(&formatContext)
        output.deallocate()
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

    /// The next decoded frame as YU12 bytes (valid until the next call) and its time since the
    /// first frame in nanoseconds; nil at the end of the file.
    func next() throws(CameraError) -> (UnsafeMutableRawBufferPointer, Int64)? {
        while true {
            let received = avcodec_receive_frame(codecContext, frame)
            if received == 0, let frame {
                let pts = frame.pointee.best_effort_timestamp != cs_av_nopts_value() ? frame.pointee.best_effort_timestamp : frame.pointee.pts
                if firstPts == nil { firstPts = pts }
                let relative = av_rescale_q(pts - (firstPts ?? 0), timeBase, AVRational(num: 1, den: 1_000_000_000))
                convert(frame)
                av_frame_unref(frame)
                return (output, relative)
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

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) {
        let source = AVPixelFormat(rawValue: frame.pointee.format)
        scaler = sws_getCachedContext(scaler, frame.pointee.width, frame.pointee.height, source, Int32(width), Int32(height),
                                      AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
        guard let base = output.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var planes: [UnsafeMutablePointer<UInt8>?] = [base, base + width * height, base + width * height + (width / 2) * (height / 2), nil]
        var strides: [Int32] = [Int32(width), Int32(width / 2), Int32(width / 2), 0]
        withUnsafePointer(to: frame.pointee.data) { dataTuple in
            dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                withUnsafePointer(to: frame.pointee.linesize) { sizeTuple in
                    sizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                        _ = sws_scale(scaler, src, srcStride, 0, frame.pointee.height, &planes, &strides)
                    }
                }
            }
        }
    }
}
