import CamschedCore
import CamschedCapture
import CamschedJobs
import CamschedMedia
import Foundation

/// How a trigger job's recorder is set up, and what its pre-roll may hold.
enum TriggerSettings {
    /// The recorder: the job's encoding keys, a keyframe every second (a copy: the camera's own
    /// keyframes), the pre-roll and maxClip.
    static func recorder(spec: TriggerSpec, info: StreamInfo, camera: CameraSettings, metadata: MovieMetadata) -> MovieRecorder.Configuration {
        let format = info.format
        let encoding = spec.encoding
        let settings = VideoEncoderSettings(codec: encoding.codec, encoderName: encoding.encoder, quality: encoding.quality,
                                            bitrate: encoding.bitrate, preset: encoding.preset, fps: format.fps,
                                            width: format.width, height: format.height, keyframeInterval: 1)
        var configuration = MovieRecorder.Configuration(settings: settings, container: encoding.container,
                                                        inputFormat: format.pixelFormat, rotation: camera.rotation,
                                                        mirror: camera.mirror, metadata: metadata,
                                                        cuts: .clips(preRollNanoseconds: spec.preRoll.wholeNanoseconds,
                                                                     maxClipNanoseconds: spec.maxClip.wholeNanoseconds))
        configuration.copiesCameraStream = encoding.copiesCameraStream
        return configuration
    }

    /// The bit rate the pre-roll is sized by: the job's `bitrate`, else an estimate of 0.1 bit
    /// per pixel (about what CRF 23 needs for camera footage; a still scene needs far less).
    static func expectedBitRate(spec: TriggerSpec, info: StreamInfo) -> Double {
        if let bitrate = spec.encoding.bitrate { return Double(bitrate) }
        return Double(info.format.width * info.format.height) * info.format.fps * 0.1
    }

    /// The log line of the pre-roll's memory bound: bit rate × (preRoll + 1 keyframe interval).
    static func memoryBound(spec: TriggerSpec, info: StreamInfo) -> String {
        let seconds = spec.preRoll.secondsValue + 1
        let bytes = expectedBitRate(spec: spec, info: info) / 8 * seconds
        let mebibytes = String(format: "%.1f", bytes / 1_048_576)
        return "pre-roll: \(spec.preRoll.secondsValue) s + one 1 s keyframe interval of encoded video, about \(mebibytes) MiB "
            + "at \(Int(expectedBitRate(spec: spec, info: info) / 1000)) kbit/s"
    }
}
