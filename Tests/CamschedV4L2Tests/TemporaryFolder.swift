import Glibc

/// A fresh folder under /tmp, removed with its contents when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/camsched-v4l2-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TemporaryFolderError.cannotCreate }
        path = String(cString: made)
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }

    /// Creates an empty regular file and returns its path.
    func create(_ name: String) throws -> String {
        let file = "\(path)/\(name)"
        let fd = open(file, O_CREAT | O_WRONLY, 0o644)
        guard fd >= 0 else { throw TemporaryFolderError.cannotCreate }
        Glibc.close(fd)
        return file
    }

    /// Creates a folder (with parents) under this one and returns its path.
    func makeFolder(_ relative: String) throws -> String {
        var current = path
        for component in relative.split(separator: "/") {
            current += "/\(component)"
            if mkdir(current, 0o755) != 0 && errno != EEXIST { throw TemporaryFolderError.cannotCreate }
        }
        return current
    }

    /// Creates a symbolic link at `relative` pointing to `target`.
    func link(_ relative: String, to target: String) throws {
        guard symlink(target, "\(path)/\(relative)") == 0 else { throw TemporaryFolderError.cannotCreate }
    }
}

enum TemporaryFolderError: Error {
    case cannotCreate
}
