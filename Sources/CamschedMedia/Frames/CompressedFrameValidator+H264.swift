import Foundation

extension CompressedFrameValidator {
    /// A run of zero bytes at the end this long is a buffer whose tail was never written, not
    /// an encoder's padding (which aligns to at most 16 bytes; a camera's H.264 has none).
    static let zeroTailLimit = 16

    /// What a walk over the Annex B NAL units of one H.264 access unit (a camera's frame) found:
    /// why it is damaged (nil: it is whole as far as its structure tells), and whether a
    /// decoder can start at it (an IDR picture, or an SEI recovery point).
    package static func h264Structure(_ bytes: UnsafeRawBufferPointer) -> (damage: String?, isKeyframe: Bool) {
        let data = bytes.assumingMemoryBound(to: UInt8.self)
        guard var start = firstNALUnit(in: data) else { return ("no Annex B start code at the start", false) }
        var (number, slices, isKeyframe) = (0, 0, false)
        while start < data.count {
            let next = nextStartCode(in: data, from: start)
            var end = next ?? data.count
            // Zero bytes before a start code belong to it (or are trailing_zero_8bits).
            while end > start, data[end - 1] == 0 { end -= 1 }
            number += 1
            if next == nil, data.count - end >= zeroTailLimit {
                return ("ends in \(data.count - end) zero bytes: the rest of the frame was never written", false)
            }
            guard end > start else { return ("NAL unit \(number) is empty", false) }
            let header = data[start]
            let type = header & 0x1F
            guard header & 0x80 == 0 else { return ("NAL unit \(number) has its forbidden_zero_bit set", false) }
            guard (1...23).contains(type) else { return ("NAL unit \(number) is of type \(type), which an H.264 stream never carries", false) }
            if (1...5).contains(type) { slices += 1 }
            if type == 1 || type == 2 || type == 5, let damage = sliceHeaderDamage(data, header: start, end: end, number: number) {
                return (damage, false)
            }
            if type == 5 || (type == 6 && hasRecoveryPoint(data, header: start, end: end)) { isKeyframe = true }
            start = next.map { $0 + 3 } ?? data.count
        }
        guard slices > 0 else { return ("no slice: the frame holds no picture", false) }
        return (nil, isKeyframe)
    }

    /// Where the first NAL unit starts (after `00 00 01`, with any zero bytes before it); nil
    /// when the data does not begin with a start code.
    private static func firstNALUnit(in data: UnsafeBufferPointer<UInt8>) -> Int? {
        var zeros = 0
        while zeros < data.count, data[zeros] == 0 { zeros += 1 }
        guard zeros >= 2, zeros < data.count, data[zeros] == 1 else { return nil }
        return zeros + 1
    }

    /// The index of the next `00 00 01` at or after `from`; nil when there is none.
    private static func nextStartCode(in data: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = data.baseAddress else { return nil }
        var index = from + 2
        while index < data.count {
            guard let found = memchr(base + index, 0x01, data.count - index) else { return nil }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if data[at - 1] == 0, data[at - 2] == 0 { return at - 2 }
            index = at + 1
        }
        return nil
    }

    /// Whether a slice's header starts as one can: `first_mb_in_slice`, a `slice_type` of 0…9
    /// (an IDR picture's intra), a `pic_parameter_set_id` of 0…255; an IDR slice is a
    /// reference (its `nal_ref_idc` is not 0).
    private static func sliceHeaderDamage(_ data: UnsafeBufferPointer<UInt8>, header: Int, end: Int, number: Int) -> String? {
        let isIDR = data[header] & 0x1F == 5
        if isIDR, data[header] & 0x60 == 0 { return "NAL unit \(number) is an IDR slice that is not a reference" }
        var reader = RBSPReader(data, header: header, end: end)
        guard reader.unsignedExpGolomb() != nil, let sliceType = reader.unsignedExpGolomb(),
              let parameterSet = reader.unsignedExpGolomb() else {
            return "NAL unit \(number) has a slice header cut off"
        }
        guard sliceType <= 9, parameterSet <= 255 else { return "NAL unit \(number) has an impossible slice header" }
        if isIDR, ![2, 4, 7, 9].contains(sliceType) { return "NAL unit \(number) is an IDR slice that is not intra" }
        return nil
    }

    /// Whether an SEI NAL unit holds a recovery point message (payload type 6): where a
    /// decoder may start in a stream with no IDR pictures after its first.
    private static func hasRecoveryPoint(_ data: UnsafeBufferPointer<UInt8>, header: Int, end: Int) -> Bool {
        var reader = RBSPReader(data, header: header, end: end)
        while let type = reader.seiNumber(), let size = reader.seiNumber() {
            if type == 6 { return true }
            for _ in 0..<size {
                guard reader.byte() != nil else { return false }
            }
        }
        return false
    }
}
