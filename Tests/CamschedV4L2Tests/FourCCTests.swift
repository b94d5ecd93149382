import CamschedCore
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

    @Test func packingAStaticCodeMatchesParsingIt() throws {
        let constants: [(FourCC, String)] = [(.yuyv, "YUYV"), (.uyvy, "UYVY"), (.nv12, "NV12"), (.yu12, "YU12"), (.mjpg, "MJPG"),
                                             (.jpeg, "JPEG"), (.h264, "H264"), (.grey, "GREY"), (.rgb24, "RGB3"), (.bgr24, "BGR3")]
        for (constant, text) in constants { #expect(constant == FourCC(text), "\(text)") }
        #expect(FourCC(packing: "Y16") == FourCC("Y16"))
    }

    @Test func padsShortCodesWithSpaces() throws {
        let y16 = try #require(FourCC("Y16"))
        #expect(y16.rawValue >> 24 == 0x20)
        #expect(y16.description == "Y16")
    }

    @Test func bigEndianVariantsPrintLikeV4L2Ctl() throws {
        // V4L2_PIX_FMT_ARGB555X = v4l2_fourcc_be('A', 'R', '1', '5')
        let code = FourCC(rawValue: 0x3531_5241 | 1 << 31)
        #expect(code.description == "AR15-BE")
        #expect(FourCC("AR15-BE") == code)
        // V4L2_PIX_FMT_Y16_BE keeps its inner space.
        let y16 = FourCC(rawValue: 0x2036_3159 | 1 << 31)
        #expect(y16.description == "Y16 -BE")
        #expect(FourCC(y16.description) == y16)
    }

    @Test func unprintableCodesRoundTripAsHex() {
        let code = FourCC(rawValue: 0x0000_0001)
        #expect(code.description == "0x00000001")
        #expect(FourCC(code.description) == code)
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
