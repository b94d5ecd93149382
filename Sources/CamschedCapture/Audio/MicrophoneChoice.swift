import CamschedCore

/// Which microphone a recording takes for its camera: `auto` finds the one that belongs to the
/// camera (the test camera's test microphone with `audio=tone`; a USB camera's own, on the
/// same USB device; a network camera's own sound, `stream`, from its stream); any other name
/// is an ALSA capture device.
package enum MicrophoneChoice {
    /// The microphone for `device` beside the opened camera `camera`, not yet started.
    /// - Parameter stream: the sound the camera's stream carries (a network camera's): what
    ///   `auto` takes, at the stream's own rate.
    /// - Throws: ``MicrophoneError/missing(name:hint:)`` when `auto` finds none.
    package static func microphone(device: String, rate: Int?, channels: Int, camera: CameraIdentity,
                                   stream: StreamSound? = nil) throws -> any Microphone {
        if device == "auto", let stream {
            let source = NetworkSoundSource(name: camera.path, rate: stream.description.format.rate, channels: channels)
            stream.connect(to: source)
            return source
        }
        if device == "auto", case .network? = try? DeviceURI(parsing: camera.path) {
            throw MicrophoneError.missing(name: camera.path, hint: "the camera's stream carries no sound (`camsched devices --probe` shows what it carries)")
        }
        if device == "auto" || device == "test:tone" {
            if case let .test(options)? = try? DeviceURI(parsing: camera.path), options.audio || device == "test:tone" {
                var options = options
                if let rate { options.audioRate = rate }
                return TestMicrophone(options: options, channels: channels)
            }
            guard device == "auto" else {
                throw MicrophoneError.missing(name: device, hint: "the test microphone belongs to the test camera (test:?audio=tone)")
            }
            return try own(of: camera, rate: rate, channels: channels)
        }
        return try alsa(device, rate: rate, channels: channels)
    }

    /// A V4L2 camera's own microphone (on its USB device, ``MicrophoneLocator``).
    private static func own(of camera: CameraIdentity, rate: Int?, channels: Int) throws -> any Microphone {
        guard camera.path.hasPrefix("/dev/"), let name = MicrophoneLocator().microphone(forVideoNode: camera.path) else {
            throw MicrophoneError.missing(name: "auto", hint: "\(camera.card) has no microphone camsched can find on its USB device; name one in camera.audio.device (`arecord -l` lists them)")
        }
        return try alsa(name, rate: rate, channels: channels)
    }

    private static func alsa(_ name: String, rate: Int?, channels: Int) throws -> any Microphone {
        ALSAMicrophone(name: name, rate: rate, channels: channels)
    }
}
