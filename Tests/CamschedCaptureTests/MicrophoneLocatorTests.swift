@testable import CamschedCapture
import Foundation
import Testing

/// A camera's microphone is the capture device of the sound card on the same USB device,
/// found in sysfs and procfs as the kernel lays them out (``FakeDeviceTree``).
@Suite struct MicrophoneLocatorTests {
    @Test func aWebcamsMicrophoneIsTheCardOnItsUSBDevice() throws {
        let tree = try FakeDeviceTree()
        let webcam = try tree.usbDevice(port: "1-2")
        try tree.videoNode(0, under: "\(webcam)/1-2:1.0")
        try tree.videoNode(1, under: "\(webcam)/1-2:1.0")
        try tree.soundCard(1, id: "C920", under: "\(webcam)/1-2:1.2", pcms: ["pcm0c"])
        let locator = MicrophoneLocator(sysRoot: tree.sys, procRoot: tree.proc)
        #expect(locator.microphone(forVideoNode: "/dev/video0") == "hw:CARD=C920,DEV=0")
        #expect(locator.microphone(forVideoNode: "/dev/video1") == "hw:CARD=C920,DEV=0")
        #expect(locator.usbDevice(behind: "\(tree.sys)/class/sound/card1/device")
                    == URL(fileURLWithPath: "\(tree.sys)/\(webcam)").resolvingSymlinksInPath().path)
    }

    @Test func aCameraWithoutMicrophoneHasNone() throws {
        let tree = try FakeDeviceTree()
        let camera = try tree.usbDevice(port: "1-1")
        let headset = try tree.usbDevice(port: "1-3")
        try tree.videoNode(0, under: "\(camera)/1-1:1.0")
        try tree.soundCard(0, id: "Headset", under: "\(headset)/1-3:1.0", pcms: ["pcm0c", "pcm0p"])
        let vivid = tree.platformDevice("vivid.0")
        try tree.videoNode(2, under: vivid)
        try tree.soundCard(1, id: "Loopback", under: tree.platformDevice("snd_aloop.0"), pcms: ["pcm0c", "pcm1c"])
        let locator = MicrophoneLocator(sysRoot: tree.sys, procRoot: tree.proc)
        #expect(locator.microphone(forVideoNode: "/dev/video0") == nil)
        #expect(locator.microphone(forVideoNode: "/dev/video2") == nil)
        #expect(locator.microphone(forVideoNode: "/dev/video9") == nil)
        #expect(locator.cards() == [0, 1])
    }

    @Test func ofTwoCardsTheOneOnTheCamerasDeviceWithACapturePCMIsTaken() throws {
        let tree = try FakeDeviceTree()
        let first = try tree.usbDevice(port: "1-1")
        let second = try tree.usbDevice(port: "1-4.2")
        try tree.videoNode(0, under: "\(first)/1-1:1.0")
        try tree.videoNode(2, under: "\(second)/1-4.2:1.0")
        // The second camera's device has a playback-only card (no capture PCM) and a capture card.
        try tree.soundCard(0, id: "Speaker", under: "\(second)/1-4.2:1.3", pcms: ["pcm0p"])
        try tree.soundCard(1, id: "Cam", under: "\(first)/1-1:1.2", pcms: ["pcm0p", "pcm2c", "pcm1c"])
        try tree.soundCard(2, id: "Brio", under: "\(second)/1-4.2:1.2", pcms: ["pcm0c"])
        let locator = MicrophoneLocator(sysRoot: tree.sys, procRoot: tree.proc)
        #expect(locator.microphone(forVideoNode: "/dev/video0") == "hw:CARD=Cam,DEV=1")
        #expect(locator.microphone(forVideoNode: "/dev/video2") == "hw:CARD=Brio,DEV=0")
        #expect(locator.captureDevices(ofCard: 1) == [1, 2])
        #expect(locator.captureDevices(ofCard: 0) == [])
    }
}
