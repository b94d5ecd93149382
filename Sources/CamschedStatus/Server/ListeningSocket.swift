import Foundation
import Glibc
import NIOCore

/// The status server's socket, bound and listening from the start (so the port is known and a
/// taken or wrong address ends the process at once), while nothing of the HTTP server exists
/// yet: the kernel queues the first connections until ``StatusServer`` hands the socket to
/// swift-nio. Owned here until then; closed by ``close()`` when the server never started.
struct ListeningSocket: Sendable {
    let descriptor: CInt
    /// The bound port: the one asked for, or the kernel's pick for port 0.
    let port: Int

    /// Connections the kernel completes and queues before the server takes them (Hummingbird's
    /// default is 256). A burst of a thousand connections (idle ones, say) fills a short queue
    /// faster than the server takes and closes them, and the kernel then drops the next client's
    /// SYN, which is sent again only a second later; the kernel caps it at `net.core.somaxconn`.
    static let backlog: CInt = 1024

    /// Takes a numeric host as it is and resolves a name as swift-nio's `bind(host:port:)` does
    /// (the first address `getaddrinfo` gives), sets `SO_REUSEADDR` as Hummingbird does, binds and listens.
    /// - Throws: ``StatusServerError/cannotListen(_:reason:)`` naming the failed call and errno.
    /// The corresponding C calls are `socket`, `bind`, `listen` and `getsockname`.
    static func open(_ address: ListenAddress) throws(StatusServerError) -> ListeningSocket {
        let resolved: SocketAddress
        do {
            // A numeric address needs no resolver (getaddrinfo brings in 128 KiB of libc's code).
            resolved = try (try? SocketAddress(ipAddress: address.host, port: address.port))
                ?? SocketAddress.makeAddressResolvingHost(address.host, port: address.port)
        } catch {
            throw .cannotListen(address, reason: "\(error)")
        }
        let descriptor = socket(resolved.protocol.rawValue, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(address, reason: Self.failure("socket")) }
        var one: CInt = 1
        var failed: String?
        if setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<CInt>.size)) != 0 {
            failed = Self.failure("setsockopt(SO_REUSEADDR)")
        } else if resolved.withSockAddr({ pointer, size in bind(descriptor, pointer, socklen_t(size)) }) != 0 {
            failed = Self.failure("bind")
        } else if listen(descriptor, Self.backlog) != 0 {
            failed = Self.failure("listen")
        }
        let port = failed == nil ? Self.boundPort(descriptor) : nil
        guard let port else {
            Glibc.close(descriptor)
            throw .cannotListen(address, reason: failed ?? Self.failure("getsockname"))
        }
        return ListeningSocket(descriptor: descriptor, port: port)
    }

    /// Sets the backlog again once swift-nio has taken the socket: its `bind(_ descriptor:)`
    /// calls `listen` with its own default of 128 and ignores `ChannelOptions.backlog` for a
    /// socket it did not bind. (`listen` on a listening socket only changes its backlog.)
    func restoreBacklog() {
        _ = listen(descriptor, Self.backlog)
    }

    /// Closes the socket when swift-nio never took it.
    func close() {
        Glibc.close(descriptor)
    }

    private static func boundPort(_ descriptor: CInt) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        let family = CInt(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer -> Int? in
            switch family {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default: nil
            }
        }
    }

    private static func failure(_ call: String) -> String {
        let code = errno
        return "\(call): \(String(cString: strerror(code))) (errno \(code))"
    }
}
