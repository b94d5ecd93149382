/// One `Range: bytes=…` of a request (RFC 9110 section 14): `bytes=A-B`, `bytes=A-` or the last
/// N bytes `bytes=-N`. A header of another unit, several ranges or bad syntax is ignored (the
/// whole file is sent, as the RFC allows); a range that starts past the end is unsatisfiable.
enum ByteRange: Equatable {
    /// Send the whole file: 200.
    case whole
    /// Send `lower...upper` (inclusive): 206 with `Content-Range`.
    case part(lower: Int64, upper: Int64)
    /// 416 with `Content-Range: bytes */SIZE`.
    case unsatisfiable

    init(header: String?, size: Int64) {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else {
            self = .whole
            return
        }
        let spec = header.dropFirst(6).trimmingCharactersInSpaces
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else {
            self = .whole
            return
        }
        let first = bounds[0].isEmpty ? nil : Int64(bounds[0]), last = bounds[1].isEmpty ? nil : Int64(bounds[1])
        switch (bounds[0].isEmpty, bounds[1].isEmpty) {
        case (true, true):
            self = .whole
        case (true, false):
            guard let suffix = last, suffix >= 0 else { self = .whole; return }
            self = suffix == 0 || size == 0 ? .unsatisfiable : .part(lower: max(0, size - suffix), upper: size - 1)
        case (false, _):
            guard let lower = first, lower >= 0, bounds[1].isEmpty || (last ?? -1) >= lower else { self = .whole; return }
            self = lower >= size ? .unsatisfiable : .part(lower: lower, upper: min(last ?? (size - 1), size - 1))
        }
    }
}

private extension Substring {
    var trimmingCharactersInSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
