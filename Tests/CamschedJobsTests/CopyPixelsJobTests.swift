import Foundation
import Testing
@testable import CamschedJobs

/// `codec: "copy"` with what needs new pixels, as far as the job alone tells: a rotation or
/// mirror in MKV (which carries no display matrix), a zoom on network cameras and `file:`
/// videos (no zoom control camsched reaches, so a centre crop). Each is reported at the key to
/// change, with its line and column.
@Suite struct CopyPixelsJobTests: JobTextTesting {
    static let jobFile = "/jobs/copy.json"

    @Test(arguments: [#""rotation": 90"#, #""rotation": 270"#, #""mirror": true"#])
    func aMountingInMKVIsRefusedAtTheContainer(_ mounting: String) {
        let text = problems("""
            {"name": "c", "camera": {"device": "rtsp://cam.local/s", \(mounting)},
             "capture": {"record": {"duration": "10s", "codec": "copy",
                                    "container": "mkv"}}}
            """)
        #expect(text.contains("copy.json:3:25: capture.record.container:") && text.contains("set container to \"mp4\""), "\(text)")
    }

    @Test func aMountingInMP4OrAnEncodedMKVIsNoProblem() {
        #expect(problems(#"{"name": "c", "camera": {"rotation": 90, "mirror": true}, "capture": {"record": {"duration": "10s", "codec": "copy"}}}"#)
                == "no problems")
        #expect(problems(#"{"name": "c", "camera": {"rotation": 180}, "capture": {"record": {"duration": "10s", "container": "mkv"}}}"#)
                == "no problems")
        #expect(problems(#"{"name": "c", "camera": {"rotation": 0}, "capture": {"record": {"duration": "10s", "codec": "copy", "container": "mkv"}}}"#)
                == "no problems")
    }

    @Test(arguments: ["\"rtsp://cam.local/s\"", "\"http://cam.local/video.mjpg\"", "\"file:/videos/a.mp4\"",
                      "[\"rtsps://a.local/s\", \"file:/videos/a.mp4\"]"])
    func aZoomOnCamerasWithoutOneIsRefusedAtTheZoom(_ device: String) {
        let text = problems("""
            {"name": "c", "camera": {"device": \(device),
                                     "zoom": 2},
             "capture": {"record": {"duration": "10s", "codec": "copy"}}}
            """)
        #expect(text.contains("copy.json:2:26: camera.zoom:") && text.contains("centre crop") && text.contains("codec \"h264\""), "\(text)")
    }

    @Test(arguments: ["\"test:\"", "\"/dev/video0\"", "\"auto\"", "[\"rtsp://cam.local/s\", \"name:C920\"]"])
    func aZoomOnACameraThatMayHaveOneIsLeftToTheRun(_ device: String) {
        #expect(problems(#"{"name": "c", "camera": {"device": \#(device), "zoom": 2}, "capture": {"record": {"duration": "10s", "codec": "copy"}}}"#)
                == "no problems")
    }

    @Test func aZoomThatIsEncodedIsNoProblem() {
        #expect(problems(#"{"name": "c", "camera": {"device": "rtsp://cam.local/s", "zoom": 2}, "capture": {"record": {"duration": "10s"}}}"#)
                == "no problems")
    }
}
