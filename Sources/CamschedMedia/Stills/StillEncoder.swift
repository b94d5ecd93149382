import CamschedCore
internal import CFFmpegShim
internal import CJPEGShim
import Foundation

/// Encodes camera frames as JPEG, PNG or WebP stills through libavcodec.
///
/// A frame the camera already compressed as JPEG is returned as it is (no decode, no
/// re-encode) unless digital zoom needs new pixels; only a missing Huffman table, which UVC
/// cameras leave out, is added so every viewer can open the file. JPEG stills are not rotated:
/// write the orientation with ``ExifWriter``. PNG and WebP stills are turned upright by
/// moving pixels, since viewers ignore their orientation tags.
package final class StillEncoder {
    private var converters: [String: FrameConverter] = [:]

    package init() {}

    /// Encodes one frame.
    /// - Parameters:
    ///   - format: JPEG, PNG or WebP.
    ///   - quality: 1–100, as in libjpeg (JPEG maps it to a qscale, WebP uses it directly,
    ///     PNG is lossless and ignores it).
    /// - Returns: the complete file's bytes.
    /// - Throws: `MediaError.codecUnavailable` when FFmpeg lacks the encoder (WebP needs
    ///   libwebp), `MediaError.libraryMissing` when a PNG, WebP or zoomed still needs FFmpeg
    ///   and it is not installed, `MediaError`/`AVError` from decoding, converting or encoding.
    package func encode(_ frame: VideoFrame, format: StillFormat, quality: Int) throws -> Data {
        let isJPEG = frame.pixelFormat == .mjpg || frame.pixelFormat == .jpeg
        if format == .jpeg && frame.metadata.digitalZoom <= 1.0001 {
            // No new pixels needed: the camera's own JPEG, or one straight from its YUV layout.
            if isJPEG { return try JPEGHuffmanTables.completing(Data(frame.bytes)) }
            if let jpeg = try Self.libjpeg(frame, quality: quality) { return jpeg }
        }
        // Everything past here decodes, converts or encodes with FFmpeg.
        try FFmpegLibraries.load()
        let target = Self.pixelFormat(for: format, source: frame.pixelFormat)
        let converter = converter(format: format, target: target)
        let picture = try converter.convert(frame)
        return try encode(picture: picture, format: format, quality: quality)
    }

    /// Encodes one frame into a still file's bytes, `exif` written into it when it is a JPEG:
    /// what a job's stills (`StillFiler`) and `camsched snapshot` write alike.
    package func still(_ frame: VideoFrame, format: StillFormat, quality: Int, exif: ExifFields?) throws -> Data {
        let encoded = try encode(frame, format: format, quality: quality)
        guard format == .jpeg, let exif else { return encoded }
        return try ExifWriter.insert(exif, into: encoded)
    }

    /// Encodes a raw picture that is already upright and at its final size.
    package func encode(picture: OwnedAVFrame, format: StillFormat, quality: Int) throws -> Data {
        guard let codec = avcodec_find_encoder_by_name(format.encoderName) else {
            throw MediaError.codecUnavailable(
                name: format.encoderName,
                hint: format == .webp ? "FFmpeg was built without libwebp; use jpeg or png" : "FFmpeg was built without it")
        }
        let target = Self.pixelFormat(for: format, source: nil, picture: picture.format)
        var picture = picture
        if picture.format != target {
            picture = try converter(format: format, target: target).convert(picture)
        }
        let context = try CodecContext(codec: codec)
        let raw = context.pointer
        raw.pointee.width = Int32(picture.width)
        raw.pointee.height = Int32(picture.height)
        raw.pointee.pix_fmt = target
        raw.pointee.time_base = AVRational(num: 1, den: 25)
        raw.pointee.thread_count = 1
        var options: [String: String] = [:]
        let clamped = max(1, min(100, quality))
        switch format {
        case .jpeg:
            let scale = Int32(Self.jpegQScale(forQuality: clamped))
            raw.pointee.color_range = AVCOL_RANGE_JPEG
            raw.pointee.flags |= AV_CODEC_FLAG_QSCALE
            raw.pointee.global_quality = scale * FF_QP2LAMBDA
            raw.pointee.qmin = scale
            raw.pointee.qmax = scale
            picture.pointer.pointee.quality = scale * FF_QP2LAMBDA
        case .webp:
            options["quality"] = String(clamped)
        case .png:
            break
        }
        try context.open(options: options)
        picture.pointer.pointee.pts = 0
        try context.send(picture)
        try context.send(Optional<OwnedAVFrame>.none)
        var data = Data()
        while let packet = try context.receivePacket() { data.append(contentsOf: packet.bytes) }
        guard !data.isEmpty else { throw MediaError.invalidState("\(format.encoderName) produced no data") }
        return data
    }

    /// A JPEG straight from the camera's own YUV layout through libjpeg: no conversion pass,
    /// no FFmpeg (whose libraries are then never loaded, which is most of a cold still's
    /// start-up). nil for layouts it does not read (RGB, odd sizes): those go through libavcodec.
    static func libjpeg(_ frame: VideoFrame, quality: Int) throws -> Data? {
        let layout: cs_jpeg_layout
        switch frame.pixelFormat {
        case .yuyv: layout = CS_JPEG_YUYV
        case .uyvy: layout = CS_JPEG_UYVY
        case .nv12: layout = CS_JPEG_NV12
        case .yu12: layout = CS_JPEG_I420
        case .grey: layout = CS_JPEG_GREY
        default: return nil
        }
        guard frame.width % 2 == 0, frame.height % 2 == 0, let base = frame.bytes.baseAddress else { return nil }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = cs_jpeg_encode(layout, base.assumingMemoryBound(to: UInt8.self), frame.bytes.count, Int32(frame.width),
                                    Int32(frame.height), Int32(frame.bytesPerLine), Int32(quality), &output, &size,
                                    &message, message.count)
        defer { cs_jpeg_free(output) }
        guard status == 0, let output else {
            throw MediaError.invalidState(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Data(bytes: output, count: Int(size))
    }

    /// The JPEG qscale (1 best … 31 worst) for a libjpeg-style quality 1–100.
    ///
    /// libjpeg scales the standard tables to S = 5000/q % (q < 50) or 200 − 2q %; FFmpeg's
    /// MJPEG encoder writes MPEG-1's intra matrix × qscale / 8, which measures as S ≈ 7 ×
    /// qscale. So qscale = S / 7: quality 90 → 3, 75 → 7, 50 → 14; FFmpeg cannot go below
    /// the quality of qscale 31 (about libjpeg 23).
    package static func jpegQScale(forQuality quality: Int) -> Int {
        let q = Double(max(1, min(100, quality)))
        let scalePercent = q < 50 ? 5000 / q : 200 - 2 * q
        return max(1, min(31, Int((scalePercent / 7).rounded())))
    }

    /// The pixel format each still format is encoded from.
    static func pixelFormat(for format: StillFormat, source: FourCC?, picture: AVPixelFormat? = nil) -> AVPixelFormat {
        let isGrey = source == .grey || picture == AV_PIX_FMT_GRAY8
        switch format {
        case .jpeg: return isGrey ? AV_PIX_FMT_GRAY8 : AV_PIX_FMT_YUVJ420P
        case .png: return isGrey ? AV_PIX_FMT_GRAY8 : AV_PIX_FMT_RGB24
        case .webp: return AV_PIX_FMT_YUV420P
        }
    }

    private func converter(format: StillFormat, target: AVPixelFormat) -> FrameConverter {
        let key = "\(format.rawValue)-\(target.rawValue)"
        if let existing = converters[key] { return existing }
        let converter = FrameConverter(targetFormat: target, appliesZoom: true, appliesOrientation: format != .jpeg)
        converters[key] = converter
        return converter
    }
}
