@testable import CamschedCapture
import CamschedCore
import CamschedMedia
import Testing

/// What opening a network camera that failed tells the user: a refused login (401, 403) apart
/// from a camera that cannot be reached, with where to correct it, and never the password —
/// not even where the library's own text quotes the URL it was given.
@Suite struct NetworkLoginFailureTests {
    let address: NetworkCameraAddress
    let login: CameraCredentials

    init() throws {
        address = try #require(try NetworkCameraAddress(parsing: "rtsp://cam.local/stream1", uri: "rtsp://cam.local/stream1"))
        login = try CameraCredentials(parsing: "viewer:Gate 7/shed@2024\n", from: .file("/etc/camsched/shed.credentials"))
    }

    /// libavformat's `FFERRTAG(0xF8, '4', '0', d)`.
    static func httpStatus(_ last: Character) -> Int32 {
        -(0xF8 | Int32(UInt8(ascii: "4")) << 8 | Int32(UInt8(ascii: "0")) << 16 | Int32(last.asciiValue ?? 0) << 24)
    }

    @Test func a401WithALoginNamesItsFile() {
        let backend = NetworkBackend(address: address)
        let error = backend.openFailure(AVError(code: Self.httpStatus("1"), call: "avformat_open_input(rtsp://cam.local/stream1)"),
                                        login: login)
        guard case let .loginRefused(uri, reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(uri == "rtsp://cam.local/stream1")
        #expect(reason.contains("401 Unauthorized to the user viewer from the credentials file /etc/camsched/shed.credentials"), "\(reason)")
        #expect(error.isUnavailable, "exit 3, as for a camera that cannot be reached")
    }

    @Test func a403OrNoLoginSaysWhatToChange() {
        let backend = NetworkBackend(address: address)
        let forbidden = backend.openFailure(AVError(code: Self.httpStatus("3"), call: "avformat_open_input"), login: login)
        #expect(forbidden.description.contains("403 Forbidden") && forbidden.description.contains("may not view this stream"), "\(forbidden)")
        let none = backend.openFailure(AVError(code: Self.httpStatus("1"), call: "avformat_open_input"), login: nil)
        #expect(none.description.contains("none was given") && none.description.contains("camera.credentials")
                && none.description.contains("CAMSCHED_CAMERA_CREDENTIALS"), "\(none)")
    }

    @Test func aLibrarysTextThatQuotesTheURLIsMasked() {
        let backend = NetworkBackend(address: address)
        let url = address.url(loggingInAs: login)
        // ENOMEM: an error that keeps the library's own text.
        let error = backend.openFailure(AVError(code: -12, call: "avformat_open_input(\(url))"), login: login)
        #expect(!error.description.contains("Gate") && !error.description.contains("shed%40") && !error.description.contains("Gate%207"),
                "\(error)")
        #expect(error.description.contains("rtsp://***@cam.local/stream1"), "\(error)")
    }
}
