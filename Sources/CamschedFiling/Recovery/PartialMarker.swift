import Glibc

/// How camsched marks the partial files it makes, so that recovery touches only those: an
/// extended attribute `user.camsched.run` holding the run id, or — on a filesystem without
/// user attributes (FAT, older tmpfs, some network shares) — the name prefix `.camsched-`.
/// Recovery also requires the file to belong to the user camsched runs as; a file another
/// user or program left is reported and left alone.
enum PartialMarker {
    /// The extended attribute's name.
    static let attribute = "user.camsched.run"
    /// The name prefix used where attributes are not supported.
    static let namePrefix = ".camsched-"

    /// What the attribute holds when the filer was not told the run id.
    static var processValue: String { "pid-\(getpid())" }

    private typealias SetCall = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias GetCall = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int

    /// `fsetxattr`/`fgetxattr`, looked up at run time: Glibc's Swift module does not export
    /// `<sys/xattr.h>`.
    private static let setCall: SetCall? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fsetxattr")
        .map { unsafeBitCast($0, to: SetCall.self) }
    private static let getCall: GetCall? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fgetxattr")
        .map { unsafeBitCast($0, to: GetCall.self) }

    /// Marks an open file as camsched's. Returns `false` when the filesystem does not store
    /// user attributes (then the name must carry the marker).
    /// The corresponding C call is `fsetxattr`.
    static func mark(_ fd: Int32, run: String) -> Bool {
        guard let setCall else { return false }
        let value = Array(run.utf8)
        return value.withUnsafeBytes { bytes in setCall(fd, attribute, bytes.baseAddress, bytes.count, 0) } == 0
    }

    /// The run id in an open file's marker attribute; `nil` when it has none.
    /// The corresponding C call is `fgetxattr`.
    static func run(of fd: Int32) -> String? {
        guard let getCall else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { getCall(fd, attribute, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Whether a name carries the marker prefix.
    static func isMarked(name: String) -> Bool { name.hasPrefix(namePrefix) }

    /// `NAME.EXT` for a partial file's name (`NAME.EXT.partial` or `.camsched-NAME.EXT.partial`).
    static func finalName(ofPartial name: String) -> String {
        var base = Substring(name)
        if base.hasPrefix(namePrefix) { base = base.dropFirst(namePrefix.count) }
        if base.hasSuffix(".partial") { base = base.dropLast(".partial".count) }
        return String(base)
    }

    /// Why a partial file is not camsched's, or `nil` when it is: it must be a regular file
    /// of `owner` (camsched's user as the filesystem maps it, ``OutputRoot/ownerOfNewFiles``)
    /// with the marker (attribute or name).
    static func reasonNotOurs(fd: Int32, name: String, owner: uid_t) -> String? {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return "cannot be examined" }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return "not a regular file" }
        guard status.st_uid == owner else { return "belongs to uid \(status.st_uid), not \(owner)" }
        guard run(of: fd) != nil || isMarked(name: name) else { return "has no camsched marker" }
        return nil
    }
}
