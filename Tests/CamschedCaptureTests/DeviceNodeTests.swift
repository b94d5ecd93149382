import CamschedCore
@testable import CamschedCapture
import CamschedTestSupport
import CamschedV4L2
import Foundation
import Testing

/// `camsched devices` reads nodes through the capture layer (``DeviceNode``): its text and its
/// JSON are what the V4L2 description of each node says, line for line and key for key.
@Suite struct DeviceNodeTests {
    static let camera: V4L2DeviceInfo = {
        var info = V4L2DeviceInfo(path: "/dev/video0")
        (info.card, info.driver, info.bus, info.version) = ("vivid", "vivid", "platform:vivid-000", "6.1.0")
        info.byIdLinks = ["/dev/v4l/by-id/usb-cam-video-index0"]
        info.byPathLinks = ["/dev/v4l/by-path/platform-vivid.0-video-index0"]
        info.capabilities = ["Video Capture", "Streaming"]
        info.isCapture = true
        let rates = [V4L2Fraction(numerator: 1, denominator: 30), V4L2Fraction(numerator: 1001, denominator: 30000),
                     V4L2Fraction(numerator: 1, denominator: 5)]
        let range = V4L2SizeRange(minWidth: 320, maxWidth: 1920, stepWidth: 16, minHeight: 180, maxHeight: 1080, stepHeight: 8)
        info.formats = [
            V4L2FormatDescription(fourCC: .yuyv, description: "YUYV 4:2:2", flags: [],
                                  frameSizes: [V4L2FrameSize(width: 640, height: 360, intervals: rates)]),
            V4L2FormatDescription(fourCC: .mjpg, description: "Motion-JPEG", flags: [.compressed, .emulated],
                                  frameSizes: [V4L2FrameSize(width: 320, height: 180, range: range)]),
        ]
        func control(_ name: String, _ type: V4L2ControlType, _ range: ClosedRange<Int64>, step: UInt64 = 1, value: Int64?,
                     flags: V4L2ControlFlags = [], menu: [V4L2MenuItem] = []) -> V4L2ControlInfo {
            V4L2ControlInfo(id: 0x0098_0900, name: name, label: name, type: type, minimum: range.lowerBound,
                            maximum: range.upperBound, step: step, defaultValue: range.lowerBound + 1, value: value,
                            flags: flags, menuItems: menu)
        }
        info.controls = [
            control("user_controls", .ctrlClass, 0...0, value: nil),
            control("brightness", .integer, 0...255, value: 140, flags: [.slider]),
            control("exposure", .integer, 1...5000, step: 10, value: 200, flags: [.inactive]),
            control("power_line_frequency", .menu, 0...2, value: 1,
                    menu: [V4L2MenuItem(index: 0, name: "Disabled"), V4L2MenuItem(index: 1, name: "50 Hz")]),
            control("disconnect", .button, 0...0, value: nil, flags: [.writeOnly]),
            control("osd_text", .string, 0...32, value: nil),
            control("sensor_temperature", .integer, -40...125, value: 41, flags: [.readOnly, .volatile]),
        ]
        return info
    }()

    @Test func textListsFormatsRatesAndControlsAsDevicesPrintsThem() {
        #expect(DeviceNode(Self.camera).description == """
            /dev/video0  vivid  (driver vivid, bus platform:vivid-000)  [camera]
              by-id: /dev/v4l/by-id/usb-cam-video-index0
              by-path: /dev/v4l/by-path/platform-vivid.0-video-index0
              capabilities: Video Capture, Streaming
              formats:
                YUYV  YUYV 4:2:2
                  640x360 @ 30, 29.97, 5 fps
                MJPG  Motion-JPEG  (compressed, emulated by libv4l2)
                  320x180-1920x1080 step 16x8
              controls:
                brightness (int) 0…255 default 1 = 140
                exposure (int) 1…5000 step 10 default 2 = 200 [inactive]
                power_line_frequency (menu) 0…2 default 1 = 1
                  0: Disabled; 1: 50 Hz
                disconnect (button) [write-only]
                osd_text (str)
                sensor_temperature (int) -40…125 default -39 = 41 [read-only]
            """)
    }

    @Test func aNodeThatCannotBeOpenedSaysWhyAndListsNoFormats() {
        var info = V4L2DeviceInfo(path: "/dev/video1")
        info.error = "Permission denied (EACCES)"
        info.formats = Self.camera.formats
        #expect(DeviceNode(info).description == """
            /dev/video1  ?  (driver , bus )  [not a capture device]
              cannot open: Permission denied (EACCES)
            """)
    }

    @Test func jsonIsTheV4L2DescriptionKeyForKey() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let nodes = [DeviceNode(Self.camera), DeviceNode(V4L2DeviceInfo(path: "/dev/video1"))]
        let json = String(decoding: try encoder.encode(nodes), as: UTF8.self)
        #expect(json == String(decoding: try encoder.encode([Self.camera, V4L2DeviceInfo(path: "/dev/video1")]), as: UTF8.self))
        #expect(json.contains("\"default\" : -39") && json.contains("\"read-only\""))
    }

    @Test func aCameraWithAMicrophoneShowsItInTextAndJSON() throws {
        let node = DeviceNode(V4L2DeviceInfo(path: "/dev/video0"), microphone: "hw:CARD=C920,DEV=0")
        #expect(node.description == """
            /dev/video0  ?  (driver , bus )  [not a capture device]
              microphone: hw:CARD=C920,DEV=0
            """)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode([node, DeviceNode(Self.camera)])) as? [[String: Any]])
        #expect(json.count == 2)
        #expect(json[0]["microphone"] as? String == "hw:CARD=C920,DEV=0")
        #expect(json[0]["path"] as? String == "/dev/video0")
        #expect(json[1]["microphone"] == nil && json[1]["card"] as? String == "vivid")
    }

    @Test func listsEveryVideoNodeOfTheFolderWithWhyItCannotBeOpened() throws {
        let folder = try TemporaryDirectory()
        for name in ["video10", "video2", "vbi0"] { try folder.write(name, "") }
        let nodes = DeviceNode.list(deviceRoot: folder.url.path)
        #expect(nodes.map(\.path) == ["video2", "video10"].map { folder.file($0).path })
        #expect(nodes.allSatisfy { !$0.isCapture && $0.description.contains("\n  cannot open: ") })
    }
}
