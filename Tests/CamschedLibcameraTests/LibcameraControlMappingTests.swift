import CamschedCore
import CamschedLibcamera
import Testing

/// Typed controls as libcamera takes them (units and types of libcamera's control_ids.yaml),
/// and libcamera's pixel formats as the V4L2 fourccs of the same bytes.
@Suite struct LibcameraControlMappingTests {
    @Test func exposureAndFrameDurationsAreWholeMicroseconds() {
        #expect(LibcameraControl.exposureTime(.milliseconds(10)).value == LibcameraValue(type: .int32, numbers: [10_000]))
        #expect(LibcameraControl.exposureTime(.nanoseconds(33_333_999)).value.numbers == [33_333])
        let limits = LibcameraControl.frameDurationLimits(minimum: .milliseconds(40), maximum: .seconds(1))
        #expect(limits.name == "FrameDurationLimits")
        #expect(limits.value == LibcameraValue(type: .int64, numbers: [40_000, 1_000_000]))
    }

    @Test func gainsAreFloatsAndColourGainsAPair() {
        #expect(LibcameraControl.analogueGain(2.5).value == LibcameraValue(type: .float, numbers: [2.5]))
        let gains = LibcameraControl.colourGains(red: 1.75, blue: 2.125)
        #expect(gains.name == "ColourGains")
        #expect(gains.value == LibcameraValue(type: .float, numbers: [1.75, 2.125]))
    }

    @Test func modesAreBoolsAndEnumerations() {
        #expect(LibcameraControl.aeEnable(false).value == LibcameraValue(type: .bool, numbers: [0]))
        #expect(LibcameraControl.awbEnable(true).name == "AwbEnable")
        #expect(LibcameraControl.afMode(.continuous).value == LibcameraValue(type: .int32, numbers: [2]))
        #expect(LibcameraControl.afMode(.manual).name == "AfMode")
        #expect(LibcameraControl.lensPosition(dioptres: 0.5).value == LibcameraValue(type: .float, numbers: [0.5]))
    }

    /// The log line of the controls sent with a request: libcamera's names, sorted, in its units.
    @Test func controlsAreLoggedInLibcamerasNamesAndUnits() {
        let sent: [LibcameraControl] = [.exposureTime(.milliseconds(20)), .analogueGain(2.5), .aeEnable(false),
                                        .colourGains(red: 1.5, blue: 2), .other(name: "Brightness", value: LibcameraValue(type: .float, numbers: [0.25]))]
        #expect(sent.logText == "AeEnable=0 AnalogueGain=2.5 Brightness=0.25 ColourGains=1.5,2.0 ExposureTime=20000")
        #expect([LibcameraControl]().logText == "")
    }

    @Test func metadataReadsTypedValues() {
        let metadata = LibcameraFrameMetadata(values: [
            "ExposureTime": LibcameraValue(type: .int32, numbers: [16_667]),
            "AnalogueGain": LibcameraValue(type: .float, numbers: [4]),
            "ColourGains": LibcameraValue(type: .float, numbers: [1.5, 2]),
            "SensorTimestamp": LibcameraValue(type: .int64, numbers: [123_456_789_000]),
            "ColourTemperature": LibcameraValue(type: .int32, numbers: [5600]),
        ])
        #expect(metadata.exposureTime == .microseconds(16_667))
        #expect(metadata.analogueGain == 4)
        #expect(metadata.colourGains?.red == 1.5 && metadata.colourGains?.blue == 2)
        #expect(metadata.sensorTimestamp == 123_456_789_000)
        #expect(metadata.colourTemperature == 5600)
        #expect(metadata.lux == nil)
    }

    /// libcamera's BGR888 is R, G, B in memory (V4L2's RGB24) and its RGB888 is V4L2's BGR24.
    @Test func pixelFormatsMapToTheV4L2FourccOfTheSameBytes() throws {
        let bgr888 = LibcameraStreamFormat(pixelFormat: try #require(FourCC("BG24")), name: "BGR888", width: 640, height: 480)
        #expect(bgr888.v4l2PixelFormat == FourCC("RGB3"))
        #expect(LibcameraPixelFormats.v4l2(forDRM: try #require(FourCC("RG24"))) == FourCC("BGR3"))
        #expect(LibcameraPixelFormats.v4l2(forDRM: try #require(FourCC("YU12"))) == FourCC("YU12"))
        #expect(LibcameraPixelFormats.drm(forV4L2: try #require(FourCC("GREY"))) == FourCC("R8  "))
        #expect(LibcameraPixelFormats.v4l2(forDRM: try #require(FourCC("XB24"))) == nil)
    }
}
