import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

@Suite("Durations, sizes and bit rates")
struct ValueParserTests {
    @Test(arguments: [
        ("500ms", Duration.milliseconds(500)), ("10s", .seconds(10)), ("5m", .seconds(300)),
        ("1h30m", .seconds(5400)), ("2d", .seconds(172_800)), ("1.5h", .seconds(5400)),
        ("90", .seconds(90)), ("0.25", .milliseconds(250)), ("1m30s", .seconds(90)), ("0s", .zero),
        ("1d12h", .seconds(129_600)),
    ])
    func durations(text: String, expected: Duration) {
        #expect(DurationParser.parse(text) == expected)
    }

    @Test(arguments: ["", "10 s", "10", "s", "10x", "-5s", "1.s", ".5s", "1h 30m", "10S", "0x10", "1e3s", "5mins"])
    func invalidDurations(text: String) {
        if text == "10" {
            #expect(DurationParser.parse(text) == .seconds(10))  // A bare number is seconds.
        } else {
            #expect(DurationParser.parse(text) == nil)
        }
    }

    @Test func secondsAsNumbers() {
        #expect(DurationParser.duration(seconds: 1.5) == .milliseconds(1500))
        #expect(DurationParser.duration(seconds: -1) == nil)
        #expect(DurationParser.duration(seconds: .infinity) == nil)
        #expect(DurationParser.duration(seconds: 1e12) == nil)
    }

    @Test(arguments: [
        (Duration.seconds(5400), "1h30m"), (.seconds(172_800), "2d"), (.milliseconds(500), "500ms"), (.zero, "0s"),
        (.seconds(90), "1m30s"), (.milliseconds(1500), "1s500ms"), (.nanoseconds(1_001), "1us1ns"),
        (.seconds(-10), "-10s"), (.seconds(93_784), "1d2h3m4s"),
    ])
    func compactDescription(duration: Duration, text: String) {
        #expect(duration.compactDescription == text)
        if duration >= .zero && duration.wholeNanoseconds % 1_000_000 == 0 {
            #expect(DurationParser.parse(text) == duration)
        }
    }

    @Test(arguments: [
        ("500MB", Int64(500_000_000)), ("20GiB", 21_474_836_480), ("1.5TB", 1_500_000_000_000),
        ("1024", 1024), ("1kB", 1000), ("1KB", 1000), ("1KiB", 1024), ("2mib", 2_097_152), ("10B", 10), ("0", 0),
    ])
    func byteSizes(text: String, bytes: Int64) {
        #expect(ByteSizeParser.parse(text) == bytes)
    }

    @Test(arguments: ["", "500M", "20G", "MB", "-1MB", "1 GB", "1.GB", "5XB"])
    func invalidByteSizes(text: String) {
        #expect(ByteSizeParser.parse(text) == nil)
    }

    @Test func bitRates() {
        #expect(BitRateParser.parse("4M") == 4_000_000)
        #expect(BitRateParser.parse("800k") == 800_000)
        #expect(BitRateParser.parse("800K") == 800_000)
        #expect(BitRateParser.parse("2.5Mbps") == 2_500_000)
        #expect(BitRateParser.parse("1G") == 1_000_000_000)
        #expect(BitRateParser.parse("64000") == 64_000)
        #expect(BitRateParser.parse("4 M") == nil)
        #expect(BitRateParser.parse("4m") == nil)
        #expect(BitRateParser.parse("0") == nil)
        #expect(BitRateParser.bitsPerSecond(4e6) == 4_000_000)
    }

    @Test func suggestions() {
        let keys = ["interval", "burst", "record"]
        #expect(NameSuggester.suggestion(for: "intervl", among: keys) == "interval")
        #expect(NameSuggester.suggestion(for: "Burst", among: keys) == "burst")
        #expect(NameSuggester.suggestion(for: "recrod", among: keys) == "record")
        #expect(NameSuggester.suggestion(for: "xyz", among: keys) == nil)
        #expect(NameSuggester.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
