import CamschedCore
import Glibc

/// An MP4 file opened for finishing in place: reads and writes at offsets, on the one errno
/// path. Never follows a link (the caller's `*.partial` is camsched's own file).
final class MP4File {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        switch SystemCall.valueOrErrno({ open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW) }) {
        case let .success(descriptor): self.descriptor = descriptor
        case let .failure(errno): throw Self.failure("open", path, errno.rawValue)
        }
    }

    func close() { _ = Glibc.close(descriptor) }

    func size() throws -> Int {
        var status = stat()
        if case let .failure(errno) = SystemCall.valueOrErrno({ fstat(descriptor, &status) }) {
            throw Self.failure("stat", path, errno.rawValue)
        }
        return Int(status.st_size)
    }

    /// `count` bytes from `offset`; fewer is an error (the file is shorter than its boxes say).
    func read(_ offset: Int, _ count: Int) throws -> [UInt8] {
        guard count <= 256 << 20 else { throw MP4FormatError("a box of \(count) bytes where a header was expected") }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                SystemCall.valueOrErrno { pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done)) }
            }
            switch result {
            case .success(0): throw MP4FormatError("the file ends inside a box at \(offset)")
            case let .success(read): done += read
            case let .failure(errno): throw Self.failure("read", path, errno.rawValue)
            }
        }
        return bytes
    }

    func write(_ bytes: [UInt8], at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                SystemCall.valueOrErrno { pwrite(descriptor, buffer.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
            }
            switch result {
            case let .success(written): done += written
            case let .failure(errno): throw Self.failure("write", path, errno.rawValue)
            }
        }
    }

    func truncate(_ length: Int) throws {
        if case let .failure(errno) = SystemCall.valueOrErrno({ ftruncate(descriptor, off_t(length)) }) {
            throw Self.failure("truncate", path, errno.rawValue)
        }
    }

    /// Flushes what was written to the disk (best effort, as every sync of a recording).
    func sync() { _ = SystemCall.valueOrErrno { fsync(descriptor) } }

    private static func failure(_ call: String, _ path: String, _ code: Int32) -> MediaError {
        .invalidState("\(call) \(path) failed: \(String(cString: strerror(code)))")
    }
}

/// The top-level boxes of an MP4 file as finishing in place sees them: the fragmented movie
/// box, its complete fragments and where its payload ends — or the plain movie box of a file
/// that is finished already.
struct MP4FileLayout {
    struct Box {
        let type: String
        let offset: Int
        let size: Int
        let headerSize: Int
        var end: Int { offset + size }
    }

    let fileSize: Int
    private(set) var fragmentedMovie: Box?
    private(set) var plainMovie: Box?
    private(set) var fragments: [Box] = []
    /// Where the fragments (and what follows them that belongs to the fragmented file, as
    /// `mfra`) end: what the `mdat` of the finished file spans to, and where its `moov` goes.
    private(set) var payloadEnd = 0

    init(_ file: MP4File) throws {
        fileSize = try file.size()
        var offset = 0
        while offset + 8 <= fileSize {
            let box = try Self.header(file, at: offset, fileSize: fileSize)
            if offset == 0, box.type != "ftyp" { throw MP4FormatError("its first box is \(box.type), not ftyp") }
            guard box.end <= fileSize else {
                // Cut short: a cut mdat keeps the samples it holds; any other box is dropped.
                payloadEnd = box.type == "mdat" && fragmentedMovie != nil ? fileSize : max(payloadEnd, offset)
                break
            }
            guard try note(box, file) else { break }
            offset = box.end
        }
    }

    /// Takes in one complete box; false when the walk should end (what follows is a
    /// leftover of an interrupted finish).
    private mutating func note(_ box: Box, _ file: MP4File) throws -> Bool {
        if box.type == "moov" {
            if fragmentedMovie != nil { return false }
            let body = try file.read(box.offset, box.size)
            let children = try MP4BoxRange.children(of: body, in: box.headerSize..<box.size)
            if children.contains(where: { $0.type == "mvex" }) { fragmentedMovie = box } else { plainMovie = box }
        } else if box.type == "moof" {
            fragments.append(box)
        }
        payloadEnd = box.end
        return true
    }

    private static func header(_ file: MP4File, at offset: Int, fileSize: Int) throws -> Box {
        let head = try file.read(offset, min(16, fileSize - offset))
        var reader = MP4ByteReader(head, at: 0)
        var size = Int(try reader.u32())
        let type = try reader.fourCC()
        if size == 1 { size = Int(clamping: try reader.u64()) }
        if size == 0 { size = fileSize - offset }
        guard size >= reader.position else { throw MP4FormatError("a box of \(size) bytes at \(offset)") }
        return Box(type: type, offset: offset, size: size, headerSize: reader.position)
    }
}
