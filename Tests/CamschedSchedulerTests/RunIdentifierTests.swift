import CamschedCore
@testable import CamschedScheduler
import Foundation
import Testing

/// Run ids and the padded digits they are made of (`%04d`, `%02d`, `%04x` without `String(format:)`).
@Suite struct RunIdentifierTests {
    @Test func aRunIdIsTheUTCSecondAndFourHexDigits() throws {
        // 2026-03-04 05:06:07 UTC
        let id = RunIdentifier.make(at: Date(timeIntervalSince1970: 1_772_600_767))
        #expect(id.hasPrefix("20260304T050607Z-"), "\(id)")
        let suffix = id.split(separator: "-").last.map(String.init) ?? ""
        #expect(suffix.count == 4 && suffix.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
        #expect(RunIdentifier.make(at: Date(timeIntervalSince1970: 0)).hasPrefix("19700101T000000Z-"))
    }

    @Test(arguments: [(0, 4, 10, "0000"), (7, 2, 10, "07"), (12345, 3, 10, "12345"), (-5, 3, 10, "-005"),
                      (0xbeef, 4, 16, "beef"), (0x1f, 4, 16, "001f"), (Int.min, 2, 10, "\(Int.min)")])
    func paddedNumbersMatchPrintf(value: Int, width: Int, radix: Int, expected: String) {
        #expect(PaddedNumber.text(value, width: width, radix: radix) == expected)
    }
}
