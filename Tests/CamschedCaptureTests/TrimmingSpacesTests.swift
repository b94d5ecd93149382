import Foundation
import Testing
import CamschedCore

/// `String.trimmingSpaces` (device URIs) trims what Foundation's `.whitespaces` trims, and only that.
@Suite struct TrimmingSpacesTests {
    @Test(arguments: [
        "", " ", "\t\t", "auto", "  auto\t", "\u{00A0}test:\u{3000}", " name:HD Pro Webcam C920 ",
        "\u{2003}/dev/video0\u{202F}", "\nauto\n", "\u{200B}auto", "é\u{0301} ", " \u{1F4F7} ",
    ])
    func trimsWhatFoundationsWhitespacesTrims(_ text: String) {
        #expect(text.trimmingSpaces == text.trimmingCharacters(in: .whitespaces))
    }

    /// Every scalar Foundation counts as whitespace is trimmed, and no other.
    @Test func theSameScalarsAsFoundationsWhitespaces() {
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)x"
            let foundation = CharacterSet.whitespaces.contains(scalar)
            #expect((text.trimmingSpaces == "x") == foundation, "U+\(String(value, radix: 16)): Foundation \(foundation)")
        }
    }

    @Test func aDeviceURIWithSpacesAroundItParses() throws {
        #expect(try DeviceURI(parsing: " \tauto\u{00A0}") == .auto)
        #expect(try DeviceURI(parsing: "  /dev/video2 ") == .path("/dev/video2"))
        #expect(throws: DeviceURIError.self) { try DeviceURI(parsing: " \u{3000} ") }
    }
}
