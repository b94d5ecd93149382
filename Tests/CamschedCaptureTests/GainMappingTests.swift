import CamschedCapture
import Testing

/// A driver's gain units as a factor: the test camera's exactly value/100, vivid's value over
/// its default, and a range starting at 0 without a default over a sixteenth of the range.
@Suite struct GainMappingTests {
    func control(min: Int64, max: Int64, default value: Int64, step: Int64 = 1) -> CameraControl {
        CameraControl(meaning: .gain, name: "gain", kind: .integer, minimum: min, maximum: max, step: step,
                      defaultValue: value, value: value)
    }

    @Test func theTestCamerasGainIsHundredths() {
        let mapping = GainMapping(control: control(min: 100, max: 1600, default: 100))
        #expect(mapping.factor(.integer(250)) == 2.5 && mapping.maximumFactor == 16)
        #expect(mapping.value(2.5) == .integer(250) && mapping.value(40) == .integer(1600) && mapping.value(0.5) == .integer(100))
    }

    @Test func aRangeFromZeroIsReadAgainstTheDefault() {
        let vivid = GainMapping(control: control(min: 0, max: 255, default: 100))
        #expect(vivid.factor(.integer(100)) == 1 && vivid.maximumFactor == 2.55 && vivid.value(1.5) == .integer(150))
        let bare = GainMapping(control: control(min: 0, max: 480, default: 0, step: 4))
        #expect(bare.unity == 30 && bare.value(2) == .integer(60) && bare.value(2.1) == .integer(60))
        #expect(bare.value(.infinity) == .integer(0) && bare.value(.nan) == .integer(0))
    }
}
