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

    @Test func maskingHidesOnlyTheCredentials() {
        #expect(NetworkCameraAddress.masked("rtsp://admin:secret@cam:554/s?a=b@c") == "rtsp://***@cam:554/s?a=b@c")
        #expect(NetworkCameraAddress.masked("http://cam/video.mjpg?user=a@b") == "http://cam/video.mjpg?user=a@b")
        #expect(NetworkCameraAddress.masked("test:?size=640x360") == "test:?size=640x360")
    }
}
