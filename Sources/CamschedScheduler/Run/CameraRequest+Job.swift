import CamschedCapture
import CamschedJobs

extension CameraRequest {
    /// The capture layer's request for a job's camera settings.
    init(job: Job, purpose: Purpose) {
        self.init()
        let camera = job.camera
        switch camera.size {
        case .none: size = .current
        case let .exact(width, height)?: size = .exact(width: width, height: height)
        case let .preset(preset)?:
            switch preset {
            case .photo: size = .largest
            case .high: size = .high
            case .p1080: size = .exact(width: 1920, height: 1080)
            case .p720: size = .exact(width: 1280, height: 720)
            case .p480: size = .exact(width: 640, height: 480)
            }
        }
        fps = camera.fps
        pixelFormat = CameraRequest.pixelFormat(named: camera.pixelFormat)
        self.purpose = purpose
        focus = camera.focus.flatMap(CameraRequest.setting)
        exposure = camera.exposure.flatMap(CameraRequest.setting)
        whiteBalance = camera.whiteBalance.flatMap(CameraRequest.setting)
        zoom = camera.zoom
        controls = camera.controls.mapValues { value in
            switch value {
            case let .integer(number): return String(number)
            case let .real(number): return String(number)
            case let .text(text): return text
            }
        }
        rotation = camera.rotation
        mirror = camera.mirror
    }

    static func setting(_ setting: ControlModeSetting) -> ControlSetting? {
        let mode: ControlMode
        switch setting.mode {
        case .continuous: mode = .continuous
        case .auto: mode = .auto
        case .locked: mode = .locked
        case let .manual(value): mode = .manual(value)
        case .ramp: mode = .ramp
        }
        return ControlSetting(mode: mode, pointOfInterest: setting.pointOfInterest.map { [$0.x, $0.y] }, required: setting.required)
    }
}
