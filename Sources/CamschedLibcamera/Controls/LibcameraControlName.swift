/// The libcamera controls camsched reads or sets by name (libcamera's names are stable across
/// releases; its numeric ids need not be). A pipeline offers a subset: vimc has Brightness,
/// Contrast, Saturation and Hue; a Raspberry Pi sensor adds exposure, gains, white balance
/// and, on Camera Module 3, focus.
package enum LibcameraControlName: String, Sendable, CaseIterable {
    case aeEnable = "AeEnable"
    case exposureTime = "ExposureTime"
    case analogueGain = "AnalogueGain"
    case awbEnable = "AwbEnable"
    case colourGains = "ColourGains"
    case colourTemperature = "ColourTemperature"
    case brightness = "Brightness"
    case contrast = "Contrast"
    case saturation = "Saturation"
    case afMode = "AfMode"
    case lensPosition = "LensPosition"
    case frameDurationLimits = "FrameDurationLimits"
    case frameDuration = "FrameDuration"
    case sensorTimestamp = "SensorTimestamp"
    case lux = "Lux"
    case digitalGain = "DigitalGain"
}
