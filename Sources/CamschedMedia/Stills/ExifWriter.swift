import CamschedCore
internal import CLibExif
import Foundation

/// Writes camsched's EXIF block into JPEG stills with libexif.
package enum ExifWriter {
    /// `jpeg` with an APP1 Exif segment holding `fields`: placed after SOI and any APP0
    /// (JFIF) segments, replacing any Exif APP1 already there; every other byte is kept as it is.
    /// - Throws: `MediaError.notJPEG`, `MediaError.exifFailed`.
    package static func insert(_ fields: ExifFields, into jpeg: Data) throws -> Data {
        let parsed = try JPEGSegments(jpeg)
        let block = try exifBlock(fields)
        guard block.count + 2 <= 0xFFFF else { throw MediaError.exifFailed("EXIF block of \(block.count) bytes is too large") }
        let bytes = [UInt8](jpeg)
        let leading = parsed.segments.prefix { $0.marker == 0xE0 }
        let insertAt = leading.last?.range.upperBound ?? 2
        var output = Data(capacity: jpeg.count + block.count + 4)
        output.append(contentsOf: bytes[0..<insertAt])
        output.append(contentsOf: [0xFF, 0xE1, UInt8((block.count + 2) >> 8), UInt8((block.count + 2) & 0xFF)])
        output.append(block)
        var cursor = insertAt
        for segment in parsed.segments where segment.range.lowerBound >= insertAt && isExif(segment, in: bytes) {
            output.append(contentsOf: bytes[cursor..<segment.range.lowerBound])
            cursor = segment.range.upperBound
        }
        output.append(contentsOf: bytes[cursor...])
        return output
    }

    private static func isExif(_ segment: JPEGSegments.Segment, in bytes: [UInt8]) -> Bool {
        let payload = segment.range.lowerBound + 4
        return segment.marker == 0xE1 && payload + 6 <= segment.range.upperBound
            && Array(bytes[payload..<payload + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0]
    }

    /// The APP1 payload: `Exif\0\0` and a little-endian TIFF structure.
    /// The corresponding C calls are `exif_data_new` and `exif_data_save_data`.
    package static func exifBlock(_ fields: ExifFields) throws -> Data {
        guard let data = exif_data_new() else { throw MediaError.exifFailed("exif_data_new failed") }
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        exif_data_set_data_type(data, EXIF_DATA_TYPE_COMPRESSED)
        let ifd0 = data.pointee.ifd.0
        let exif = data.pointee.ifd.2

        let (date, subSeconds, offset) = Self.dateStrings(fields.captureDate, in: fields.timeZone)
        if let make = fields.make { try add(ascii: make, tag: 0x010F, to: ifd0) }
        if let model = fields.model { try add(ascii: model, tag: 0x0110, to: ifd0) }
        try add(short: fields.orientation, tag: 0x0112, to: ifd0)
        if let description = fields.imageDescription { try add(ascii: description, tag: 0x010E, to: ifd0) }
        if let software = fields.software { try add(ascii: software, tag: 0x0131, to: ifd0) }
        try add(ascii: date, tag: 0x0132, to: ifd0)
        try add(undefined: Array("0231".utf8), tag: 0x9000, to: exif)
        try add(ascii: date, tag: 0x9003, to: exif)
        try add(ascii: offset, tag: 0x9011, to: exif)
        try add(ascii: subSeconds, tag: 0x9291, to: exif)
        if let exposure = fields.exposureTime100Microseconds, exposure > 0 {
            let divisor = gcd(exposure, 10_000)
            try add(rational: (UInt32(exposure / divisor), UInt32(10_000 / divisor)), tag: 0x829A, to: exif)
        }
        if let iso = fields.isoSpeed, iso > 0 { try add(short: UInt16(min(iso, 65_535)), tag: 0x8827, to: exif) }
        if let comment = fields.userComment {
            // The character code "ASCII" padded to 8 bytes, then the text (EXIF 2.31 UserComment).
            try add(undefined: Array("ASCII".utf8) + [0, 0, 0] + Array(comment.utf8.filter { $0 < 0x80 }), tag: 0x9286, to: exif)
        }
        if let automatic = fields.exposureAutomatic { try add(short: automatic ? 0 : 1, tag: 0xA402, to: exif) }
        if let automatic = fields.whiteBalanceAutomatic { try add(short: automatic ? 0 : 1, tag: 0xA403, to: exif) }

        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        guard let buffer, size > 6 else { throw MediaError.exifFailed("exif_data_save_data produced nothing") }
        defer { free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// `YYYY:MM:DD HH:MM:SS`, milliseconds as three digits, and `±HH:MM`, all in `timeZone`
    /// (nil: the system's local time as glibc's `localtime_r` has it, from `TZ` or
    /// /etc/localtime).
    ///
    /// The zone's offset comes from `timeZone` or glibc; the calendar fields from glibc's
    /// `gmtime_r` of the shifted time, not from a Foundation `Calendar`, whose first use sets
    /// up ICU's calendar machinery (a cold `camsched snapshot` paid for it on every still).
    package static func dateStrings(_ date: Date, in timeZone: TimeZone?) -> (String, String, String) {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let offsetSeconds = timeZone?.secondsFromGMT(for: date) ?? localOffset(at: time_t(whole))
        var shifted = time_t(whole) + time_t(offsetSeconds)
        var parts = tm()
        gmtime_r(&shifted, &parts)
        let text = padded(Int(parts.tm_year) + 1900, 4) + ":" + padded(Int(parts.tm_mon) + 1, 2) + ":" + padded(Int(parts.tm_mday), 2)
            + " " + padded(Int(parts.tm_hour), 2) + ":" + padded(Int(parts.tm_min), 2) + ":" + padded(Int(parts.tm_sec), 2)
        let milliseconds = Int(((seconds - whole) * 1000).rounded(.down))
        let offsetMinutes = offsetSeconds / 60
        let offset = (offsetMinutes < 0 ? "-" : "+") + padded(abs(offsetMinutes) / 60, 2) + ":" + padded(abs(offsetMinutes) % 60, 2)
        return (text, padded(min(999, max(0, milliseconds)), 3), offset)
    }

    static func padded(_ value: Int, _ width: Int) -> String { PaddedNumber.text(value, width: width) }

    /// The local time's offset from UTC at `time` in seconds (`tm_gmtoff` of `localtime_r`).
    static func localOffset(at time: time_t) -> Int {
        var moment = time
        var parts = tm()
        localtime_r(&moment, &parts)
        return Int(parts.tm_gmtoff)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    private static func add(ascii text: String, tag: UInt32, to content: UnsafeMutablePointer<ExifContent>?) throws {
        let bytes = Array(text.utf8.filter { $0 != 0 }) + [0]
        try add(bytes: bytes, format: EXIF_FORMAT_ASCII, components: bytes.count, tag: tag, to: content)
    }

    private static func add(short value: UInt16, tag: UInt32, to content: UnsafeMutablePointer<ExifContent>?) throws {
        try add(bytes: [UInt8(value & 0xFF), UInt8(value >> 8)], format: EXIF_FORMAT_SHORT, components: 1, tag: tag, to: content)
    }

    private static func add(rational: (UInt32, UInt32), tag: UInt32, to content: UnsafeMutablePointer<ExifContent>?) throws {
        let bytes = [rational.0, rational.1].flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        try add(bytes: bytes, format: EXIF_FORMAT_RATIONAL, components: 1, tag: tag, to: content)
    }

    private static func add(undefined bytes: [UInt8], tag: UInt32, to content: UnsafeMutablePointer<ExifContent>?) throws {
        try add(bytes: bytes, format: EXIF_FORMAT_UNDEFINED, components: bytes.count, tag: tag, to: content)
    }

    /// Adds one entry whose data is already in Intel byte order.
    /// The corresponding C calls are `exif_entry_new` and `exif_content_add_entry`.
    private static func add(bytes: [UInt8], format: ExifFormat, components: Int, tag: UInt32,
                            to content: UnsafeMutablePointer<ExifContent>?) throws {
        guard let content, let entry = exif_entry_new() else { throw MediaError.exifFailed("exif_entry_new failed") }
        defer { exif_entry_unref(entry) }
        // libexif frees entry data with its default allocator, which is free().
        guard let storage = calloc(bytes.count, 1)?.assumingMemoryBound(to: UInt8.self) else {
            throw MediaError.exifFailed("out of memory")
        }
        storage.update(from: bytes, count: bytes.count)
        entry.pointee.tag = ExifTag(rawValue: tag)
        entry.pointee.format = format
        entry.pointee.components = UInt(components)
        entry.pointee.size = UInt32(bytes.count)
        entry.pointee.data = storage
        exif_content_add_entry(content, entry)
    }
}
