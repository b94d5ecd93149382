import CamschedCore
internal import CFFmpegShim

/// An open video encoder plus the conversion that feeds it.
final class VideoEncoder {
    let context: CodecContext
    let selection: EncoderSelection
    let pixelFormat: AVPixelFormat
    let converter: FrameConverter
    /// Set for encoders that take GPU frames (VAAPI): uploads go through it.
    private let hardwareFrames: HardwareFrameUploader?

    /// The time base of frame and packet timestamps: 1/90 000 s, the MPEG clock.
    static let timeBase = AVRational(num: 1, den: 90_000)

    /// Ticks of ``timeBase`` in one frame at `fps` (at least 1): the duration of a packet whose
    /// gap to the next is not known or not positive.
    static func nominalDuration(fps: Double) -> Int64 { max(1, Int64((90_000 / fps).rounded())) }

    /// The presentation timestamp (ticks of ``timeBase``) of a frame captured at `nanoseconds`,
    /// counted from the capture time `origin` that is PTS 0.
    static func pts(nanoseconds: Int64, origin: Int64) -> Int64 {
        Int64((Double(nanoseconds - origin) * 90_000 / 1e9).rounded())
    }

    /// The capture time (ns) of presentation timestamp `pts`: the inverse of ``pts(nanoseconds:origin:)``.
    static func nanoseconds(pts: Int64, origin: Int64) -> Int64 { origin + Int64(Double(pts) * 1e9 / 90_000) }

    /// Seconds of `ticks` of ``timeBase``.
    static func seconds(ticks: Int64) -> Double { Double(ticks) / 90_000 }

    /// Opens encoder `name` for `settings`.
    /// - Throws: `MediaError.codecUnavailable` when FFmpeg lacks it, `AVError` when it does not open.
    init(name: String, settings: VideoEncoderSettings, inputFormat: FourCC, globalHeader: Bool,
         rejected: [EncoderAttempt] = []) throws {
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw MediaError.codecUnavailable(name: name, hint: "this FFmpeg build has no such encoder")
        }
        guard codec.pointee.type == AVMEDIA_TYPE_VIDEO else {
            throw MediaError.invalidSetting("\(name) is not a video encoder")
        }
        let context = try CodecContext(codec: codec)
        let pointer = context.pointer
        pointer.pointee.width = Int32(settings.width)
        pointer.pointee.height = Int32(settings.height)
        pointer.pointee.time_base = Self.timeBase
        pointer.pointee.framerate = av_d2q(settings.fps, 100_000)
        pointer.pointee.gop_size = Int32(settings.gopSize)
        // No B-frames: decode order is then presentation order, so whatever prefix of a
        // cut-off file survives plays without a gap, and packets leave the encoder sooner.
        pointer.pointee.max_b_frames = 0
        if globalHeader { pointer.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }

        let isHardware = VideoCodec.allCases.contains { $0.hardwareEncoders.contains(name) }
        let inputRaw = PixelFormatMapping.avPixelFormat(for: inputFormat)
        let supported = context.supportedPixelFormats
        var uploader: HardwareFrameUploader?
        let swFormat: AVPixelFormat
        if supported.contains(AV_PIX_FMT_VAAPI) {
            let frames = try HardwareFrameUploader(type: AV_HWDEVICE_TYPE_VAAPI, width: settings.width, height: settings.height)
            pointer.pointee.pix_fmt = AV_PIX_FMT_VAAPI
            pointer.pointee.hw_frames_ctx = av_buffer_ref(frames.framesContext)
            uploader = frames
            swFormat = AV_PIX_FMT_NV12
        } else {
            swFormat = Self.chooseFormat(codec: settings.codec, supported: supported, input: inputRaw)
            pointer.pointee.pix_fmt = swFormat
        }
        if PixelFormatMapping.isFullRange(swFormat) { pointer.pointee.color_range = AVCOL_RANGE_JPEG }

        let options = Self.options(for: name, settings: settings, context: pointer)
        let ignored = try context.open(options: options)

        self.context = context
        self.pixelFormat = swFormat
        self.hardwareFrames = uploader
        self.converter = FrameConverter(targetFormat: swFormat, width: settings.width, height: settings.height,
                                        appliesZoom: true, appliesOrientation: false)
        let converts = inputRaw != swFormat
        self.selection = EncoderSelection(name: name, isHardware: isHardware,
                                          pixelFormatName: PixelFormatMapping.name(of: swFormat),
                                          convertsPixels: converts, rejected: rejected,
                                          ignoredOptions: ignored.keys.sorted())
    }

    /// The pixel format to feed: the camera's own when the encoder takes it and it is a widely
    /// playable 4:2:0 layout (or any layout the encoder lists, for MJPEG), otherwise the
    /// encoder's first ordinary 4:2:0 format.
    static func chooseFormat(codec: VideoCodec, supported: [AVPixelFormat], input: AVPixelFormat?) -> AVPixelFormat {
        let passable: [AVPixelFormat] = codec == .mjpeg
            ? [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P]
            : [AV_PIX_FMT_YUV420P, AV_PIX_FMT_NV12]
        if let input, passable.contains(input), supported.isEmpty || supported.contains(input) { return input }
        let preferred: [AVPixelFormat] = codec == .mjpeg
            ? [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUV420P]
            : [AV_PIX_FMT_YUV420P, AV_PIX_FMT_NV12]
        if supported.isEmpty { return preferred[0] }
        return preferred.first(where: supported.contains) ?? supported[0]
    }

    /// The private options for encoder `name`; sets rate-control fields on `context` directly.
    static func options(for name: String, settings: VideoEncoderSettings,
                        context: UnsafeMutablePointer<AVCodecContext>) -> [String: String] {
        var options: [String: String] = [:]
        let quality = settings.quality ?? settings.codec.defaultQuality
        if let bitrate = settings.bitrate {
            context.pointee.bit_rate = Int64(bitrate)
            context.pointee.rc_max_rate = Int64(bitrate) * 3 / 2
            context.pointee.rc_buffer_size = Int32(clamping: bitrate * 2)
        }
        let useQuality = settings.bitrate == nil
        switch name {
        case "libx264", "libx265":
            options["preset"] = settings.preset ?? "veryfast"
            if useQuality { options["crf"] = String(quality) }
            options["forced-idr"] = "1"
            if name == "libx265" { options["x265-params"] = "log-level=error:bframes=0" }
            if name == "libx264", settings.zeroLatency {
                options["tune"] = "zerolatency"
            } else if name == "libx264" {
                // Frames held for lookahead are lost in a crash: keep it to a fifth of a second.
                options["rc-lookahead"] = String(max(1, min(10, Int(settings.fps * 0.2))))
            }
        case "libsvtav1":
            options["preset"] = settings.preset ?? "10"
            if useQuality { options["crf"] = String(Int(quality.rounded())) }
        case "libaom-av1":
            options["cpu-used"] = settings.preset ?? "8"
            options["usage"] = "realtime"
            options["row-mt"] = "1"
            if useQuality { options["crf"] = String(Int(quality.rounded())) }
        case "mjpeg":
            let scale = Int32(max(1, min(31, quality.rounded())))
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = scale * FF_QP2LAMBDA
            context.pointee.qmin = scale
            context.pointee.qmax = scale
        case _ where name.hasSuffix("_nvenc"):
            options["preset"] = settings.preset ?? "p4"
            options["forced-idr"] = "1"
            if useQuality { options["rc"] = "vbr"; options["cq"] = String(Int(quality.rounded())) }
        case _ where name.hasSuffix("_vaapi"):
            if useQuality { options["rc_mode"] = "CQP"; context.pointee.global_quality = Int32(quality.rounded()) }
        default:
            // Encoders without a constant-quality mode (v4l2m2m) get a bit rate: about 0.1 bit
            // per pixel at the frame rate, roughly what CRF 23 needs for camera footage.
            if useQuality {
                context.pointee.bit_rate = Int64(Double(settings.width * settings.height) * settings.fps * 0.1)
            }
        }
        return options
    }

    /// Converts a camera frame into what the encoder takes.
    func picture(from frame: VideoFrame) throws -> OwnedAVFrame {
        try converter.convert(frame)
    }

    /// Sends one picture at `pts` (in ``timeBase`` units); nil drains the encoder.
    /// Returns the packets that came out. The corresponding C calls are `avcodec_send_frame`
    /// and `avcodec_receive_packet`.
    func encode(_ picture: OwnedAVFrame?, pts: Int64, duration: Int64, keyframe: Bool) throws -> [OwnedAVPacket] {
        if var picture {
            if let hardwareFrames { picture = try hardwareFrames.upload(picture) }
            else if picture.format != pixelFormat || picture.width != Int(context.pointer.pointee.width)
                        || picture.height != Int(context.pointer.pointee.height) {
                picture = try converter.convert(picture)
            }
            picture.pointer.pointee.pts = pts
            picture.pointer.pointee.pkt_duration = duration
            picture.pointer.pointee.pict_type = keyframe ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
            picture.pointer.pointee.key_frame = keyframe ? 1 : 0
            if context.pointer.pointee.flags & AV_CODEC_FLAG_QSCALE != 0 {
                picture.pointer.pointee.quality = context.pointer.pointee.global_quality
            }
            try context.send(picture)
        } else {
            try context.send(Optional<OwnedAVFrame>.none)
        }
        var packets: [OwnedAVPacket] = []
        while let packet = try context.receivePacket() { packets.append(packet) }
        return packets
    }
}
