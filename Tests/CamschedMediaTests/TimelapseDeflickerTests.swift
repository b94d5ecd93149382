import CamschedCore
@testable import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// `assemble` with deflicker, measured on the decoded video (FFmpeg's command-line decoder).
@Suite struct TimelapseDeflickerTests {
    @Test func deflickerHalvesTheDecodedVideosFlickerAndLeavesTheStills() throws {
        let directory = try TemporaryDirectory()
        let stills = try FlickeringStills.write(count: 45, into: directory.url)
        let original = try stills.map { try Data(contentsOf: $0) }
        let plain = directory.file("plain.mp4")
        let smooth = directory.file("smooth.mp4")
        let plainStats = try TimelapseAssembler.assemble(images: stills, fps: 15, output: plain)
        let smoothStats = try TimelapseAssembler.assemble(images: stills, fps: 15, output: smooth, deflicker: true)
        #expect(plainStats.frames == 45 && smoothStats.frames == 45)
        #expect(plainStats.largestCorrectionEV == nil)
        #expect(try MediaProbe.probe(plain).frames == 45)
        #expect(try MediaProbe.probe(smooth).frames == 45)
        #expect(try stills.map { try Data(contentsOf: $0) } == original)

        let before = try DecodedFrameMeans.of(plain)
        let after = try DecodedFrameMeans.of(smooth)
        try #require(before.count == 45 && after.count == 45)
        let flickerBefore = FlickerMetric.flicker(before.map(\.brightness))
        let flickerAfter = FlickerMetric.flicker(after.map(\.brightness))
        print("deflicker: flicker of the decoded video \(flickerBefore) without, \(flickerAfter) with;",
              "largest correction \(smoothStats.largestCorrectionEV ?? 0) EV")
        #expect(flickerBefore > 0.04)
        #expect(flickerAfter <= flickerBefore / 2)
        #expect((smoothStats.largestCorrectionEV ?? 0) > 0.05 && (smoothStats.largestCorrectionEV ?? 9) < 0.5)
        // The slow rise stays: the last third is as much brighter than the first as before.
        func rise(_ frames: [DecodedFrameMeans]) -> Double {
            frames.suffix(15).map(\.brightness).reduce(0, +) / frames.prefix(15).map(\.brightness).reduce(0, +)
        }
        #expect(abs(rise(after) / rise(before) - 1) < 0.05)
        // Colour scales with the light: the tint's strength relative to the luma stays as in the stills.
        func tint(_ frame: DecodedFrameMeans) -> Double { (frame.redDifference - 128) / (frame.luma - 16) }
        for (plainFrame, smoothFrame) in zip(before, after) { #expect(abs(tint(smoothFrame) / tint(plainFrame) - 1) < 0.06) }
    }

    @Test func shortSequencesAndOddStillsStillAssemble() throws {
        let directory = try TemporaryDirectory()
        let stills = try FlickeringStills.write(count: 5, into: directory.url)
        let broken = directory.file("still-002b.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: broken)
        let images = Array(stills[0..<3]) + [broken] + Array(stills[3...])
        let output = directory.file("short.mp4")
        let stats = try TimelapseAssembler.assemble(images: images, fps: 5, output: output, deflicker: true)
        #expect(stats.frames == 5 && stats.skipped == [broken])
        #expect(try MediaProbe.probe(output).frames == 5)
    }
}
