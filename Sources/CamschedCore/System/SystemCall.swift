import Glibc
import SystemPackage

/// The one errno path for camsched's system calls (CONVENTIONS: "one errno path"): a call
/// interrupted by a signal (`EINTR`) is made again; any other failure is its `Errno`, for the
/// caller to turn into a typed error with the call's name. After swift-system's
/// `valueOrErrno(retryOnInterrupt:)`, which it keeps internal. `scripts/check-errno.py` fails
/// `make test` on an `EINTR` anywhere else.
package enum SystemCall {
    /// Calls `body` until it does not fail with `EINTR`: its result when not negative, else
    /// the `errno` it set.
    package static func valueOrErrno<Value: FixedWidthInteger>(_ body: () -> Value) -> Result<Value, Errno> {
        while true {
            let value = body()
            if value >= 0 { return .success(value) }
            let code = Glibc.errno
            if code != EINTR { return .failure(Errno(rawValue: code)) }
        }
    }

    /// For calls that return their error number instead of setting `errno` (the monotonic sleep,
    /// `ioctl` wrappers that return it): calls `body` until it does not return `EINTR`; 0 or the
    /// error number.
    package static func errorNumber(_ body: () -> Int32) -> Int32 {
        while true {
            let code = body()
            if code != EINTR { return code }
        }
    }

    /// Whether `errno` means "try again later" (`EAGAIN`, `EWOULDBLOCK`): no data yet on a
    /// non-blocking descriptor.
    package static func isWouldBlock(_ errno: Errno) -> Bool {
        errno == .resourceTemporarilyUnavailable || errno == .wouldBlock
    }
}

extension Result where Failure == Errno {
    /// 0 on success, else the raw error number: for errors that keep the number as it came.
    package var errnoCode: Int32 {
        switch self {
        case .success: 0
        case let .failure(errno): errno.rawValue
        }
    }
}
