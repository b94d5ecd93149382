/// What travels with a frame besides its pixels.
package struct FrameMetadata: Sendable, Equatable {
    /// Each control's value at capture, by the name `camsched devices` prints.
    package var controls: [String: Int64]
    /// Clockwise rotation of the mounted sensor in degrees (0, 90, 180, 270).
    package var rotation: Int
    /// Whether the image is mirrored horizontally.
    package var mirror: Bool
    /// Digital zoom factor still to apply (centre crop); 1 when none.
    package var digitalZoom: Double
    /// Frames the stream lost before this one (set as the frame is handed on): what a still's
    /// sidecar says, exact however far the stream has read ahead.
    package var droppedBefore = 0
    /// What the sensor reports it applied to this frame (a libcamera camera's metadata); nil
    /// for cameras that do not say (V4L2: the `controls` are all there is).
    package var sensor: SensorReadings?

    package init(controls: [String: Int64] = [:], rotation: Int = 0, mirror: Bool = false, digitalZoom: Double = 1) {
        self.controls = controls
        self.rotation = rotation
        self.mirror = mirror
        self.digitalZoom = digitalZoom
    }
}
