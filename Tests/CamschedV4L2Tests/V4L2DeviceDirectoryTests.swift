import CamschedCore
import Foundation
import Testing
import CamschedV4L2

struct V4L2DeviceDirectoryTests {
    @Test func listsVideoNodesInNumericOrder() throws {
        let folder = try TemporaryFolder()
        for name in ["video10", "video2", "video0", "video1", "videoX", "vbi0", "media0"] { _ = try folder.create(name) }
        let directory = V4L2DeviceDirectory(deviceRoot: folder.path)
        #expect(directory.nodePaths() == ["video0", "video1", "video2", "video10"].map { "\(folder.path)/\($0)" })
    }

    @Test func listsNodesThatCannotBeOpenedWithTheirError() throws {
        let folder = try TemporaryFolder()
        let node = try folder.create("video0")
        let list = V4L2DeviceDirectory(deviceRoot: folder.path).list()
        try #require(list.count == 1)
        #expect(list[0].path == node)
        #expect(!list[0].isCapture)
        #expect(list[0].error == V4L2Error.notACaptureDevice(path: node).description)
    }

    @Test func resolvesByIdAndByPathLinksToTheirNodes() throws {
        let folder = try TemporaryFolder()
        _ = try folder.create("video0")
        _ = try folder.create("video1")
        _ = try folder.makeFolder("v4l/by-id")
        _ = try folder.makeFolder("v4l/by-path")
        try folder.link("v4l/by-id/usb-046d_HD_Pro_Webcam_C920_1234-video-index0", to: "../../video0")
        try folder.link("v4l/by-id/usb-046d_HD_Pro_Webcam_C920_1234-video-index1", to: "../../video1")
        try folder.link("v4l/by-path/pci-0000:00:14.0-usb-0:1:1.0-video-index0", to: "../../video0")
        let list = V4L2DeviceDirectory(deviceRoot: folder.path).list()
        try #require(list.count == 2)
        #expect(list[0].byIdLinks == ["\(folder.path)/v4l/by-id/usb-046d_HD_Pro_Webcam_C920_1234-video-index0"])
        #expect(list[0].byPathLinks == ["\(folder.path)/v4l/by-path/pci-0000:00:14.0-usb-0:1:1.0-video-index0"])
        #expect(list[1].byIdLinks == ["\(folder.path)/v4l/by-id/usb-046d_HD_Pro_Webcam_C920_1234-video-index1"])
        #expect(list[1].byPathLinks.isEmpty)
    }

    @Test func emptyOrMissingFolderListsNothing() {
        #expect(V4L2DeviceDirectory(deviceRoot: "/nonexistent-camsched").list().isEmpty)
    }

    @Test func deviceInfoRoundTripsThroughJSON() throws {
        var info = V4L2DeviceInfo(path: "/dev/video0")
        info.card = "vivid"
        info.isCapture = true
        info.capabilities = ["Video Capture", "Streaming"]
        info.formats = [V4L2FormatDescription(
            fourCC: .yuyv, description: "YUYV 4:2:2", flags: [.emulated],
            frameSizes: [V4L2FrameSize(width: 640, height: 360, intervals: [.init(numerator: 1, denominator: 30)]),
                         V4L2FrameSize(width: 16, height: 16, range: .init(minWidth: 16, maxWidth: 1920, stepWidth: 2,
                                                                           minHeight: 16, maxHeight: 1080, stepHeight: 2))])]
        info.controls = [V4L2ControlInfo(
            id: 0x0098_0900, name: "brightness", label: "Brightness", type: .integer, minimum: 0, maximum: 255,
            step: 1, defaultValue: 128, value: 128, flags: [.slider]),
            V4L2ControlInfo(id: 0x0098_0901, name: "test", label: "Test", type: .other(0x102), minimum: 0, maximum: 1,
                            step: 1, defaultValue: 0, value: nil, flags: [.hasPayload, .writeOnly],
                            menuItems: [.init(index: 0, name: "A")])]
        let data = try JSONEncoder().encode(info)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""flags":["emulated"]"#))
        #expect(text.contains(#""type":"int""#))
        #expect(text.contains(#""fourCC":"YUYV""#))
        #expect(try JSONDecoder().decode(V4L2DeviceInfo.self, from: data) == info)
    }

    @Test func flagsWithoutANameSurviveJSON() throws {
        let flags = V4L2ControlFlags(rawValue: 0x0800 | V4L2ControlFlags.readOnly.rawValue)
        #expect(flags.names == ["read-only", "0x800"])
        #expect(V4L2ControlFlags(names: flags.names) == flags)
        let formatFlags = V4L2FormatFlags(rawValue: 0x0200 | V4L2FormatFlags.compressed.rawValue)
        #expect(V4L2FormatFlags(names: formatFlags.names) == formatFlags)
    }
}
