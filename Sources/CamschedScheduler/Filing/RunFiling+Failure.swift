import CamschedFiling
import CamschedMedia
import Foundation

extension RunFiling {
    /// Reports a failed write — the one place that tells a full disk from another failure.
    /// A full disk (``isDiskFull(_:)``) stops the run with a message naming the filesystem and
    /// its free space; anything else publishes `message` as an error (the run then exits 1).
    func failed(_ error: any Error, message: @autoclosure () -> String) {
        guard Self.isDiskFull(error) else {
            publish(.error(message()))
            return
        }
        let mount = FilesystemSpace.mountPoint(of: root.path)
        let free = (try? FilesystemSpace.freeBytes(at: root.path)).map { "\($0 / 1024) KiB free" } ?? "free space unknown"
        publish(.error("disk full: the filesystem at \(mount) (\(free)) cannot take more (\(error)); what fitted is filed — free some space or set \"retention\" for this job"))
        stop.request(.shutdown("disk full"))
    }

    /// Whether an error means the disk (or the quota) is full, by its type and errno — never by its text.
    static func isDiskFull(_ error: any Error) -> Bool {
        switch error {
        case let error as FilingError: if case .diskFull = error { return true }
        case let error as RecordingError: if case .diskFull = error { return true }
        case let error as AVError: return error.isNoSpace
        case let error as CatalogError:
            if case let .filing(inner) = error { return isDiskFull(inner) }
            if case let .database(_, code, _) = error { return code & 0xff == 13 }  // SQLITE_FULL
        case let error as SidecarError: if case let .filing(inner) = error { return isDiskFull(inner) }
        default: break
        }
        return false
    }
}
