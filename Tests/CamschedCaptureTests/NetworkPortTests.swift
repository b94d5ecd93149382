import CamschedCore
import Testing

/// A port no TCP connection can use is refused where the URI is read (validate, `--device`).
@Suite struct NetworkPortTests {
    @Test(arguments: ["rtsp://127.0.0.1:0/x", "rtsp://cam.local:65536/s", "http://cam.local:99999/video.mjpg"])
    func aPortOutsideTCPsRangeIsRefused(text: String) {
        do {
            _ = try DeviceURI(parsing: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.reason.contains("is not a TCP port; use 1 to 65535"), "\(error)")
        }
    }

    @Test(arguments: ["rtsp://127.0.0.1:1/x", "rtsp://cam.local:65535/s", "http://cam.local/video.mjpg"])
    func aPortInRangeIsTaken(text: String) throws {
        #expect(try DeviceURI(parsing: text) != .auto)
    }
}
