@testable import CamschedMedia
import CamschedCore
import CamschedV4L2
import Foundation
import Glibc
import Testing

/// FFmpeg's libraries are opened `RTLD_LOCAL` (cheaper relocation of their ~140 dependencies,
/// issue 15): their symbols stay out of the process's global scope, and everything camsched
/// calls is still found through the libraries' own handles — an H.264 recording is written and
/// decodes frame for frame.
@Suite struct FFmpegLibraryScopeTests {
    @Test func librariesStayOutOfTheGlobalScopeAndStillRecordAndDecode() throws {
        try FFmpegLibraries.load()
        // The test binary does not link FFmpeg (it is loaded lazily), so only RTLD_GLOBAL would
        // make these visible to a lookup in the default scope.
        for name in ["av_frame_alloc", "avcodec_send_frame", "avformat_write_header", "sws_scale"] {
            #expect(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) == nil, "\(name) is in the global scope")
        }
        let directory = try TemporaryDirectory()
        let settings = VideoEncoderSettings(codec: .h264, encoderName: "libx264", fps: 10, width: 320, height: 180)
        let path = directory.file("clip.mp4.partial")
        let writer = try MovieWriter(path: path, settings: settings, inputFormat: .yu12)
        for number in 0..<12 { try writer.append(try PatternSource.frame(number, at: Double(number) / 10)) }
        let stats = try writer.finish()
        #expect(stats.framesWritten == 12)
        #expect(try PatternSource.frameNumbers(in: path) == (0..<12).map { UInt32($0) })
    }
}
