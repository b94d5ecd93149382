import CamschedCore
import CamschedMedia
import Foundation
import Testing
@testable import CamschedCapture

/// Why a network camera could not be reached, as libavformat's codes tell it, each as one
/// sentence with what to check.
@Suite struct NetworkReachabilityTests {
    static func address(_ url: String) throws -> NetworkCameraAddress {
        try #require(try NetworkCameraAddress(parsing: url, uri: url))
    }

    static func reason(_ code: Int32, _ url: String, resolves: @escaping (String) -> String? = { _ in nil }) throws -> String {
        let error = AVError(code: code, call: "avformat_open_input")
        return NetworkReachability.reason(error, text: "\(error)", address: try address(url), resolves: resolves)
    }

    /// libavformat's `FFERRTAG(a, b, c, d)`.
    static func tag(_ text: String) -> Int32 {
        let bytes = Array(text.unicodeScalars).map { Int32($0.value) }
        return -(bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24)
    }

    @Test func aRefusedConnectionNamesTheHostAndPort() throws {
        let text = try Self.reason(-ECONNREFUSED, "rtsp://192.168.1.20/stream1")
        #expect(text.hasPrefix("nothing accepts connections at 192.168.1.20:554 (Connection refused)") && text.contains("port"), "\(text)")
        #expect(try Self.reason(-ECONNREFUSED, "http://cam.local:8080/video.mjpg").contains("cam.local:8080"))
        #expect(try Self.reason(-ECONNREFUSED, "https://cam.local/video.mjpg").contains("cam.local:443"))
    }

    @Test func aNameThatDoesNotResolveSaysSoOnlyWhenItDoesNot() throws {
        let unknown = try Self.reason(-EIO, "rtsp://shed-cam/live", resolves: { $0 == "shed-cam" ? "Name or service not known" : nil })
        #expect(unknown.hasPrefix("the host name shed-cam does not resolve (Name or service not known)") && unknown.contains("IP address"), "\(unknown)")
        // EIO for a name that resolves is some other failure: the library's text, with what to check.
        let other = try Self.reason(-EIO, "rtsp://shed-cam/live")
        #expect(other.hasPrefix("avformat_open_input failed") && other.contains("check that it is on and reachable"), "\(other)")
    }

    @Test func aPathTheServerDoesNotHaveNamesThePath() throws {
        let text = try Self.reason(Self.tag("\u{F8}404"), "rtsp://10.0.0.5:8554/cam/realmonitor?channel=1")
        #expect(text.hasPrefix("the server at 10.0.0.5:8554 has no stream at /cam/realmonitor?channel=1 (404 Not Found)"), "\(text)")
        #expect(text.contains("devices --probe"))
        #expect(try Self.reason(Self.tag("\u{F8}5XX"), "http://cam.local/x").contains("refused the stream /x"))
        #expect(try Self.reason(Self.tag("\u{F8}4XX"), "http://cam.local/").contains("refused the stream /"))
    }

    @Test func silenceOrTheWrongProtocolOnAnRTSPPort() throws {
        let timedOut = try Self.reason(-ETIMEDOUT, "http://cam.local/video.mjpg")
        #expect(timedOut.hasPrefix("cam.local:80 did not answer within 3 s"), "\(timedOut)")
        let noRTSP = try Self.reason(Self.tag("INDA"), "rtsp://cam.local:80/stream")
        #expect(noRTSP.hasPrefix("cam.local:80 gave no RTSP answer") && noRTSP.contains("scheme"), "\(noRTSP)")
        #expect(try Self.reason(-EHOSTUNREACH, "rtsp://10.9.9.9/s").hasPrefix("there is no route to 10.9.9.9"))
    }

    @Test func anythingElseKeepsTheLibrarysText() throws {
        let text = try Self.reason(-ENOMEM, "rtsp://cam.local/s")
        #expect(text.contains("avformat_open_input failed") && text.contains("check that it is on and reachable"), "\(text)")
    }
}
