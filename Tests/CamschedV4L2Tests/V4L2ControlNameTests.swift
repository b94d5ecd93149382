import Testing
import CamschedV4L2

struct V4L2ControlNameTests {
    @Test(arguments: [
        ("Brightness", "brightness"),
        ("Horizontal Movement", "horizontal_movement"),
        ("White Balance, Automatic", "white_balance_automatic"),
        ("Gain, Automatic", "gain_automatic"),
        ("Power Line Frequency", "power_line_frequency"),
        ("Percentage of Dropped Buffers", "percentage_of_dropped_buffers"),
        ("Inject V4L2_BUF_FLAG_ERROR", "inject_v4l2_buf_flag_error"),
        ("Inject VIDIOC_STREAMON Error", "inject_vidioc_streamon_error"),
        ("  (Leading) and trailing -- ", "leading_and_trailing"),
        ("U32 1 Element Array", "u32_1_element_array"),
        ("", ""),
    ])
    func normalisesLikeV4L2Ctl(label: String, expected: String) {
        #expect(V4L2ControlName.normalize(label) == expected)
    }

    @Test func findsMenuItemsByEitherSpelling() {
        let control = V4L2ControlInfo(
            id: 1, name: "power_line_frequency", label: "Power Line Frequency", type: .menu,
            minimum: 0, maximum: 2, step: 1, defaultValue: 1, value: 1, flags: [],
            menuItems: [.init(index: 0, name: "Disabled"), .init(index: 1, name: "50 Hz"), .init(index: 2, name: "60 Hz")])
        #expect(control.menuItem(named: "50 Hz")?.index == 1)
        #expect(control.menuItem(named: "60_hz")?.index == 2)
        #expect(control.menuItem(named: "70 Hz") == nil)
    }
}
