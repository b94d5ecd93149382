import NIOCore

/// Who a login comes from, as the login throttle counts clients: an IPv4 address, or the /64
/// network of an IPv6 one (a machine is usually given a whole /64 and can pick any address in
/// it); an IPv4 client of a dual-stack socket (`::ffff:a.b.c.d`) counts as its IPv4 address.
///
/// Behind a reverse proxy every client is the proxy: `X-Forwarded-For` is not trusted, since any
/// client can send one with a new address for each guess.
struct LoginClient: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes (IPv4), 8 (an IPv6 /64), or none (no IP address: all such clients are one).
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(_ address: SocketAddress?) {
        switch address {
        case let .v4(v4):
            bytes = withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case let .v6(v6):
            let all = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            let mapped = all.prefix(10).allSatisfy { $0 == 0 } && all[10] == 0xff && all[11] == 0xff
            bytes = mapped ? Array(all.suffix(4)) : Array(all.prefix(8))
        default:
            bytes = []
        }
    }

    var description: String {
        switch bytes.count {
        case 4: return bytes.map(String.init).joined(separator: ".")
        case 8:
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        default: return "an unknown address"
        }
    }
}
