import CamschedCore
import Foundation
import Testing

/// Network camera URIs: the schemes camsched reads through libavformat, and a password that is
/// refused and never printed.
@Suite struct NetworkDeviceURITests {
    @Test(arguments: ["rtsp://192.168.1.20:554/stream1", "RTSP://cam.local/live", "rtsps://cam.local/s",
                      "http://127.0.0.1:8080/jobs/yard/stream.mjpg", "https://cam.example/video.mjpg?resolution=720"])
    func aNetworkURIIsANetworkCamera(text: String) throws {
        guard case let .network(address) = try DeviceURI(parsing: text) else {
            Issue.record("\(text) is not a network camera")
            return
        }
        #expect(address.url == text && !address.host.isEmpty)
    }

    @Test(arguments: ["rtsp://", "http:///video.mjpg", "rtsp:cam/stream", "http://user:pw@cam/video.mjpg",
                      "rtsp://admin:secret-pw@192.168.1.20/stream1", "rtsp://admin@192.168.1.20/stream1"])
    func aNetworkURIWithoutAHostOrWithCredentialsIsRefused(text: String) {
        do {
            _ = try DeviceURI(parsing: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(!error.uri.contains("pw") && !error.uri.contains("secret") && !error.reason.contains("secret"), "\(error)")
        }
    }

    @Test func maskingHidesEverythingUpToTheLastAt() {
        #expect(NetworkCameraAddress.masked("rtsp://admin:secret@cam:554/s") == "rtsp://***@cam:554/s")
        // An `@` after the login may be the password's: the mask goes to the last one.
        #expect(NetworkCameraAddress.masked("http://cam/video.mjpg?user=a@b") == "http://***@b")
        #expect(NetworkCameraAddress.masked("test:?size=640x360") == "test:?size=640x360")
        #expect(NetworkCameraAddress.masked("/dev/video0") == "/dev/video0")
    }

    /// Passwords that break a URL's syntax: with `/`, `@`, `:`, `?`, `#`, a space, or a URI
    /// whose scheme is mistyped; neither the password nor any part of it is in what is printed.
    static let hostilePasswords = ["pQ/sZ/wd9", "p@sQ@wZ9", "aQ:b:cZ9", "qu?eQy=x9", "hQ#sZ#x9", "Zq Kw Xj9", "%zQ%9", "12/3Q@x9"]

    @Test(arguments: hostilePasswords)
    func aPasswordOfAnyShapeIsNeverInTheError(password: String) {
        for shape in ["rtsp://admin:\(password)@cam/s", "http://admin:\(password)@10.0.0.2:8080/v.mjpg?x=1",
                      " rtsp://admin:\(password)@cam/s", "rtsp:/admin:\(password)@cam", "RTSP://admin:\(password)@cam:99999/s",
                      "rtsp://admin:\(password)@"] {
            do {
                _ = try DeviceURI(parsing: shape)
                Issue.record("\(shape) was accepted")
            } catch {
                let printed = "\(error) \(NetworkCameraAddress.masked(shape))"
                for part in Self.parts(of: password) { #expect(!printed.contains(part), "\(part) of \(password) in: \(printed)") }
            }
        }
    }

    /// Every run of 3 characters of `password` but the separators: what must never be printed.
    static func parts(of password: String) -> [String] {
        let characters = Array(password)
        return (0..<(characters.count - 2)).map { String(characters[$0..<($0 + 3)]) }
            .filter { !$0.allSatisfy { "/@:?# ".contains($0) } }
    }

    @Test func anAtInTheURIIsRefusedAsALogin() {
        // Read by URLComponents as the host `admin`, port 1234 and a path: refused, not followed.
        #expect(throws: DeviceURIError.self) { try DeviceURI(parsing: "rtsp://admin:1234/x@cam/stream") }
        #expect(throws: DeviceURIError.self) { try DeviceURI(parsing: "rtsp://admin:12?ss@cam/") }
        #expect(throws: Never.self) { try DeviceURI(parsing: "http://cam/v.mjpg?user=a%40b") }
    }
}
