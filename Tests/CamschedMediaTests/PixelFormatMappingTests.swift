import CamschedCore
import CFFmpegShim
@testable import CamschedMedia
import CamschedV4L2
import Testing

@Suite struct PixelFormatMappingTests {
    @Test func mapsCameraFormats() {
        #expect(PixelFormatMapping.avPixelFormat(for: .yuyv) == AV_PIX_FMT_YUYV422)
        #expect(PixelFormatMapping.avPixelFormat(for: .uyvy) == AV_PIX_FMT_UYVY422)
        #expect(PixelFormatMapping.avPixelFormat(for: .nv12) == AV_PIX_FMT_NV12)
        #expect(PixelFormatMapping.avPixelFormat(for: .yu12) == AV_PIX_FMT_YUV420P)
        #expect(PixelFormatMapping.representation(of: PixelFormatMapping.yv12) == .raw(AV_PIX_FMT_YUV420P, swapsChroma: true))
        #expect(PixelFormatMapping.avPixelFormat(for: .grey) == AV_PIX_FMT_GRAY8)
        #expect(PixelFormatMapping.avPixelFormat(for: .rgb24) == AV_PIX_FMT_RGB24)
        #expect(PixelFormatMapping.avPixelFormat(for: .bgr24) == AV_PIX_FMT_BGR24)
        #expect(PixelFormatMapping.avPixelFormat(for: PixelFormatMapping.rgb565) == AV_PIX_FMT_RGB565LE)
        #expect(PixelFormatMapping.avPixelFormat(for: PixelFormatMapping.abgr32) == AV_PIX_FMT_BGRA)
        #expect(PixelFormatMapping.avPixelFormat(for: PixelFormatMapping.xbgr32) == AV_PIX_FMT_BGR0)
        #expect(PixelFormatMapping.representation(of: .mjpg) == .compressed(decoder: "mjpeg"))
        #expect(PixelFormatMapping.representation(of: .jpeg) == .compressed(decoder: "mjpeg"))
        #expect(PixelFormatMapping.representation(of: .h264) == nil)
    }

    @Test func roundTripsOneToOneFormats() {
        for code in [FourCC.yuyv, .uyvy, .nv12, .yu12, .grey, .rgb24, .bgr24, PixelFormatMapping.abgr32] {
            let format = PixelFormatMapping.avPixelFormat(for: code)
            #expect(format.flatMap(PixelFormatMapping.fourCC(for:)) == code)
        }
    }
}
