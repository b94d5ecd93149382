import Glibc
import Testing
@testable import CamschedV4L2

struct V4L2ErrorTests {
    @Test func openErrnosMapToTheirCases() {
        let path = "/dev/video9"
        #expect(V4L2Error.opening(path, errno: ENOENT) == .notFound(path: path))
        #expect(V4L2Error.opening(path, errno: EACCES) == .permissionDenied(path: path))
        #expect(V4L2Error.opening(path, errno: EPERM) == .permissionDenied(path: path))
        #expect(V4L2Error.opening(path, errno: EBUSY) == .busy(path: path))
        #expect(V4L2Error.opening(path, errno: ENODEV) == .disconnected(path: path))
        #expect(V4L2Error.opening(path, errno: ENXIO) == .disconnected(path: path))
        #expect(V4L2Error.opening(path, errno: ENOTTY) == .notACaptureDevice(path: path))
        #expect(V4L2Error.opening(path, errno: EMFILE) == .ioctl(name: "open", errno: EMFILE, path: path))
    }

    @Test func callErrnosMapBusyOnlyWhereItMeansInUse() {
        let path = "/dev/video0"
        #expect(V4L2Error.calling(.setFormat, path: path, errno: EBUSY) == .busy(path: path))
        #expect(V4L2Error.calling(.requestBuffers, path: path, errno: EBUSY) == .busy(path: path))
        #expect(V4L2Error.calling(.streamOn, path: path, errno: EBUSY) == .busy(path: path))
        #expect(V4L2Error.calling(.setExtendedControls, path: path, errno: EBUSY)
                == .ioctl(name: "VIDIOC_S_EXT_CTRLS", errno: EBUSY, path: path))
        #expect(V4L2Error.calling(.dequeueBuffer, path: path, errno: ENODEV) == .disconnected(path: path))
        #expect(V4L2Error.calling(.queueBuffer, path: path, errno: EINVAL)
                == .ioctl(name: "VIDIOC_QBUF", errno: EINVAL, path: path))
    }

    @Test func permissionDeniedTellsHowToJoinTheVideoGroup() {
        let text = V4L2Error.permissionDenied(path: "/dev/video0").description
        #expect(text.contains("/dev/video0"))
        #expect(text.contains("`video` group"))
        #expect(text.contains("add yourself with `sudo usermod -aG video $USER` and log in again"))
    }

    @Test func ioctlErrorNamesTheCallAndTheErrno() {
        let text = V4L2Error.ioctl(name: "VIDIOC_STREAMON", errno: EINVAL, path: "/dev/video0").description
        #expect(text == "VIDIOC_STREAMON on /dev/video0 failed: Invalid argument (EINVAL).")
    }

    @Test(arguments: [
        V4L2Error.notFound(path: "/dev/x"), .permissionDenied(path: "/dev/x"), .busy(path: "/dev/x"),
        .notACaptureDevice(path: "/dev/x"), .disconnected(path: "/dev/x"), .unsupported("zoom"),
        .ioctl(name: "VIDIOC_S_FMT", errno: EIO, path: "/dev/x"), .timeout(path: "/dev/x"), .streamError("boom"),
    ])
    func everyDescriptionIsOneSentence(error: V4L2Error) {
        let text = error.description
        #expect(text.hasSuffix("."))
        #expect(!text.contains("\n"))
        #expect(text.first?.isUppercase == true || text.hasPrefix("/") || text.hasPrefix("VIDIOC"))
    }

    @Test func describesUnknownErrnosByNumber() {
        #expect(V4L2Error.describe(errno: 9999).contains("9999"))
        #expect(V4L2Error.describe(errno: EBUSY) == "Device or resource busy (EBUSY)")
    }
}
