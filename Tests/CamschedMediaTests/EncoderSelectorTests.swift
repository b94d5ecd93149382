import CamschedCore
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

@Suite struct EncoderSelectorTests {
    @Test func autoFallsBackToSoftwareAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        var settings = MovieWriterTests.settings()
        settings.encoderName = "auto"
        let writer = try MovieWriter(path: directory.file("a.mp4.partial"), settings: settings, inputFormat: .nv12)
        let selection = writer.selection
        // This machine has no encoding hardware; elsewhere a hardware encoder may win.
        if !selection.isHardware {
            #expect(selection.name == "libx264")
            #expect(selection.rejected.map(\.name) == VideoCodec.h264.hardwareEncoders)
            #expect(selection.rejected.allSatisfy { !$0.reason.isEmpty })
        }
        #expect(selection.convertsPixels == false, "NV12 goes to the encoder as it is")
        #expect(selection.pixelFormatName == "nv12")
        writer.abandon()
    }

    @Test func pixelConversionOnlyWhenNeeded() throws {
        let directory = try TemporaryDirectory()
        for (format, converts) in [(FourCC.yu12, false), (.nv12, false), (.yuyv, true), (.mjpg, true)] {
            let writer = try MovieWriter(path: directory.file("\(format).mp4.partial"), settings: MovieWriterTests.settings(),
                                         inputFormat: format)
            #expect(writer.selection.convertsPixels == converts, "\(format)")
            writer.abandon()
        }
    }

    @Test func unknownEncoderNameIsAClearError() throws {
        let directory = try TemporaryDirectory()
        var settings = MovieWriterTests.settings()
        settings.encoderName = "h264_nonexistent"
        #expect(throws: MediaError.codecUnavailable(name: "h264_nonexistent", hint: "this FFmpeg build has no such encoder")) {
            _ = try MovieWriter(path: directory.file("x.mp4.partial"), settings: settings, inputFormat: .yu12)
        }
    }

    @Test func probeListsWorkingSoftwareEncoders() {
        let (working, rejected) = EncoderSelector.probe(.h264)
        #expect(working.contains("libx264"))
        #expect(Set(working + rejected.map(\.name)) == Set(EncoderSelector.candidates(for: .h264)))
    }

    @Test(arguments: [VideoCodec.hevc, .mjpeg, .av1])
    func otherCodecsRecord(codec: VideoCodec) throws {
        let directory = try TemporaryDirectory()
        let settings = VideoEncoderSettings(codec: codec, encoderName: "auto", fps: 10, width: 320, height: 180)
        let path = directory.file("clip.mkv.partial")
        let writer = try MovieWriter(path: path, container: .mkv, settings: settings, inputFormat: .yu12)
        for number in 0..<10 { try writer.append(try PatternSource.frame(number, at: Double(number) / 10)) }
        let stats = try writer.finish()
        #expect(stats.framesWritten == 10)
        #expect(try PatternSource.frameNumbers(in: path) == (0..<10).map { UInt32($0) })
    }

    @Test func keyframeIntervalIsCappedAtTwoSeconds() {
        #expect(VideoEncoderSettings(fps: 30, width: 2, height: 2, keyframeInterval: 5).gopSize == 60)
        #expect(VideoEncoderSettings(fps: 30, width: 2, height: 2, keyframeInterval: 1).gopSize == 30)
        #expect(VideoEncoderSettings(fps: 0.5, width: 2, height: 2).gopSize == 1)
    }
}
