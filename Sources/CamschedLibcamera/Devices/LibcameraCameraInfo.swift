internal import CLibcameraAPI

/// One camera libcamera knows: a Raspberry Pi camera module, a UVC camera, vimc's sensor.
package struct LibcameraCameraInfo: Sendable, Equatable, Codable {
    /// libcamera's id: stable across boots (`/base/soc/i2c0mux/i2c@1/imx708@1a`,
    /// `platform/vimc.0 Sensor B`); what `libcamera:ID` names.
    package var id: String
    /// `properties::Model` (`imx708`, `Sensor B`), or nil when the pipeline does not say.
    package var model: String?
    package var location: LibcameraLocation?
    /// `properties::Rotation` in degrees, when known.
    package var rotation: Int?

    package init(id: String, model: String?, location: LibcameraLocation?, rotation: Int?) {
        self.id = id
        self.model = model
        self.location = location
        self.rotation = rotation
    }

    init(_ info: csl_camera_info) {
        let model = LibcameraCall.text(tuple: info.model)
        self.init(id: LibcameraCall.text(tuple: info.id), model: model.isEmpty ? nil : model,
                  location: LibcameraLocation(code: info.location),
                  rotation: info.rotation >= 0 ? Int(info.rotation) : nil)
    }
}
