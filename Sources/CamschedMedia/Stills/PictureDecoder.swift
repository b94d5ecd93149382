internal import CFFmpegShim
import Foundation

/// Decodes single compressed pictures — camera MJPEG frames and JPEG/PNG/WebP files — into
/// raw `AVFrame`s.
package final class PictureDecoder {
    private let context: CodecContext

    /// A decoder for FFmpeg's decoder `name` (`mjpeg`, `png`, `webp`).
    /// The corresponding C calls are `avcodec_find_decoder_by_name` and `avcodec_open2`.
    /// - Throws: `MediaError.libraryMissing`, `MediaError.codecUnavailable` when FFmpeg lacks
    ///   the decoder, `AVError`.
    package init(decoder name: String) throws {
        try FFmpegLibraries.load()
        guard let codec = avcodec_find_decoder_by_name(name) else {
            throw MediaError.codecUnavailable(name: name, hint: "FFmpeg was built without this decoder")
        }
        context = try CodecContext(codec: codec)
        context.pointer.pointee.thread_count = 1
        try context.open()
    }

    /// A decoder for the picture format `bytes` start with (JPEG, PNG or WebP).
    package convenience init(sniffing bytes: UnsafeRawBufferPointer) throws {
        guard let name = PictureDecoder.decoderName(sniffing: bytes) else {
            throw MediaError.invalidSetting("not a JPEG, PNG or WebP picture")
        }
        try self.init(decoder: name)
    }

    /// The FFmpeg decoder for the picture format `bytes` start with.
    package static func decoderName(sniffing bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return "mjpeg" }
        if bytes.count >= 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return "png" }
        if bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "webp"
        }
        return nil
    }

    /// Decodes one complete picture.
    /// The corresponding C calls are `avcodec_send_packet` and `avcodec_receive_frame`.
    /// - Throws: `AVError` when the data does not decode, `MediaError.invalidState` when the
    ///   decoder returns no picture.
    package func decode(_ bytes: UnsafeRawBufferPointer) throws -> OwnedAVFrame {
        let packet = try OwnedAVPacket(copying: bytes)
        packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
        try context.send(packet)
        if let frame = try context.receiveFrame() { return frame }
        // Decoders with a delay give the picture only when drained; reopen-free flush after.
        try context.send(Optional<OwnedAVPacket>.none)
        defer { avcodec_flush_buffers(context.pointer) }
        if let frame = try context.receiveFrame() { return frame }
        throw MediaError.invalidState("\(context.name) returned no picture")
    }

    /// Decodes one complete picture held in `data`.
    package func decode(_ data: Data) throws -> OwnedAVFrame {
        try data.withUnsafeBytes { try decode($0) }
    }

    /// Decodes the JPEG, PNG or WebP file at `url`.
    package static func decodeFile(at url: URL) throws -> OwnedAVFrame {
        let data = try Data(contentsOf: url)
        return try data.withUnsafeBytes { bytes in
            try PictureDecoder(sniffing: bytes).decode(bytes)
        }
    }
}
