import CamschedCore

extension CameraKind {
    /// The name a camera of this kind gives the control that means `meaning`, for messages about
    /// a control the camera lacks ("no manual exposure time (ExposureTime)"): libcamera's from
    /// its table, V4L2's as UVC drivers name it; nil for a kind without named controls.
    package func controlName(_ meaning: ControlMeaning) -> String? {
        if self == .libcamera { return LibcameraControlTable.names[meaning] }
        return self == .v4l2 || self == .test ? Self.v4l2Names[meaning] : nil
    }

    /// V4L2's names (`VIDIOC_QUERY_EXT_CTRL`, as `v4l2-ctl` shows them) of the meanings messages name.
    private static let v4l2Names: [ControlMeaning: String] = [
        .exposureTime: "exposure_time_absolute", .gain: "gain", .autoExposure: "auto_exposure",
        .whiteBalanceTemperature: "white_balance_temperature", .brightness: "brightness",
    ]
}
