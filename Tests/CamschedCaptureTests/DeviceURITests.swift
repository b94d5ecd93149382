import CamschedCore
import CamschedCapture
import Foundation
import Testing

/// The device URI parser is what both `validate` and `run` use: values that once trapped
/// (`Int64(1e300 * 1000)`, a bare `=` in the query) are errors, and the test camera's limits
/// are the ones it enforces.
@Suite("Device URIs")
struct DeviceURITests {
    @Test(arguments: [
        "test:?size=10x10", "test:?size=318x180", "test:?size=7682x4320", "test:?size=641x360",
        "test:?size=99999999999999999999x2", "test:?fps=nan", "test:?fps=0", "test:?fps=241", "test:?fps=inf",
        "test:?disconnectAfter=1e300", "test:?returnAfter=nan", "test:?errorAfter=-1s", "test:?errorAfter=400d",
        "test:?dropPercent=nan", "test:?dropPercent=100", "test:?dropPercent=99.95", "test:?fps=1e-300", "test:?fps=0.09",
        "test:?=", "test:?=&=", "test:?fps", "file:",
        "file:?loop=1", "name:", "", "  ", "video0", "3", "camera",
    ])
    func refused(uri: String) {
        #expect(throws: DeviceURIError.self) { try DeviceURI(parsing: uri) }
    }

    @Test func testCameraLimitsAreAccepted() throws {
        let uri = try DeviceURI(parsing: "test:?size=320x64&fps=240&disconnectAfter=8760h&dropPercent=99.5")
        guard case .test(let options) = uri else {
            Issue.record("not a test camera: \(uri)")
            return
        }
        #expect(options.width == 320 && options.height == 64)
        #expect(options.fps == 240)
        #expect(options.disconnectAfter == .seconds(8_760 * 3_600))
        #expect(options.dropPercent == 99.5)
    }
}
