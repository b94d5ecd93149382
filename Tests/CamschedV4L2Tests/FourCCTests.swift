import Foundation
import Testing
@testable import CamschedV4L2

struct FourCCTests {
    @Test(arguments: ["YUYV", "MJPG", "NV12", "H264", "RGB3", "GREY"])
    func roundTripsThroughItsPackedCode(text: String) throws {
        let code = try #require(FourCC(text))
        #expect(code.description == text)
        #expect(FourCC(rawValue: code.rawValue) == code)
    }

    @Test func packsLittleEndianAsV4L2Does() {
        // v4l2_fourcc('Y','U','Y','V') = 0x56595559
        #expect(FourCC.yuyv.rawValue == 0x5659_5559)
        #expect(FourCC.mjpg.rawValue == 0x4750_4A4D)
    }

    @Test func padsShortCodesWithSpaces() throws {
        let y16 = try #require(FourCC("Y16"))
        #expect(y16.rawValue >> 24 == 0x20)
        #expect(y16.description == "Y16")
    }

    @Test func rejectsTooLongEmptyAndNonASCIICodes() {
        #expect(FourCC("YUYV2") == nil)
        #expect(FourCC("") == nil)
        #expect(FourCC("Yé") == nil)
    }

    @Test func codesAsItsText() throws {
        let encoded = try JSONEncoder().encode([FourCC.nv12])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["NV12"]"#)
        #expect(try JSONDecoder().decode([FourCC].self, from: encoded) == [.nv12])
    }
}
