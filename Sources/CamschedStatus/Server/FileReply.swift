import Hummingbird

/// The answer with a filed file: all of it (200) or the asked byte range (206 with
/// `Content-Range`), 416 for a range past its end; sent in chunks, never read whole into memory.
enum FileReply {
    static let chunk = 64 * 1024

    static func response(_ file: consuming RootFile, type: String, range header: String?) -> Response {
        let size = file.size
        var headers: HTTPFields = [.contentType: type, .acceptRanges: "bytes", .cacheControl: "private, max-age=60"]
        if let name = HTTPFieldName("X-Content-Type-Options") { headers[name] = "nosniff" }
        let lower: Int64, upper: Int64, status: HTTPResponse.Status
        switch ByteRange(header: header, size: size) {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .whole:
            (lower, upper, status) = (0, size - 1, .ok)
        case let .part(first, last):
            (lower, upper, status) = (first, last, .partialContent)
            headers[.contentRange] = "bytes \(first)-\(last)/\(size)"
        }
        let box = FileBox(file)
        let body = ResponseBody(contentLength: Int(upper - lower + 1)) { writer in
            var offset = lower
            while offset <= upper {
                let bytes = box.file.read(at: offset, count: Int(min(Int64(chunk), upper - offset + 1)))
                // The file shrank under us: end the connection rather than send a short body.
                guard !bytes.isEmpty else { throw FileShrank() }
                try await writer.write(ByteBuffer(bytes: bytes))
                offset += Int64(bytes.count)
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    struct FileShrank: Error {}

    /// Keeps the open file (not copyable) for the body's writer, which may run on another
    /// thread; it closes with the response.
    final class FileBox: Sendable {
        let file: RootFile
        init(_ file: consuming RootFile) { self.file = file }
    }
}
