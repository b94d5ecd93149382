internal import CLibcameraAPI
import CamschedCore

extension LibcameraCamera {
    /// Configures the video stream and allocates its buffers (one capture request each).
    /// - Returns: the configuration applied, which libcamera may have adjusted.
    /// - Throws: `.failed` when libcamera refuses it or the camera is not acquired.
    package func configure(_ wanted: LibcameraConfiguration) throws(LibcameraError) -> LibcameraConfiguration {
        var config = csl_configuration()
        config.fourcc = wanted.pixelFormat?.rawValue ?? 0
        config.width = UInt32(clamping: wanted.width ?? 0)
        config.height = UInt32(clamping: wanted.height ?? 0)
        config.buffer_count = UInt32(clamping: wanted.bufferCount ?? 0)
        config.frame_duration_us = wanted.frameDuration.map(LibcameraControl.microseconds) ?? 0
        let handle = self.handle, api = self.api
        try LibcameraCall.run("configuring the stream") { api.configure(handle, &config, $0, $1) }
        var applied = LibcameraConfiguration(pixelFormat: FourCC(rawValue: config.fourcc), width: Int(config.width),
                                             height: Int(config.height), bufferCount: Int(config.buffer_count),
                                             frameDuration: config.frame_duration_us > 0 ? .microseconds(config.frame_duration_us) : nil)
        applied.stride = Int(config.stride)
        applied.frameSize = Int(config.frame_size)
        applied.adjusted = config.adjusted != 0
        applied.pixelFormatName = LibcameraCall.text(tuple: config.format_name)
        return applied
    }

    /// Starts streaming with `controls` set and queues every request.
    package func start(controls: [LibcameraControl] = []) throws(LibcameraError) {
        let values = controls.map(Self.cValue)
        let handle = self.handle, api = self.api
        try LibcameraCall.run("starting the camera") { api.start(handle, values, Int32(values.count), $0, $1) }
    }

    /// Stops streaming; requests in flight are dropped (a wait then runs to its deadline).
    package func stop() throws(LibcameraError) {
        let result = api.stop(handle)
        if result < 0 { throw .failed(operation: "stopping the camera", code: -result, message: "libcamera could not stop the camera") }
    }

    /// Waits for the next completed request until `timeout` has passed.
    /// - Throws: `.disconnected` when the camera went away; `.failed` when it is not configured.
    package func waitForFrame(timeout: Duration) throws(LibcameraError) -> LibcameraWait {
        var frame = csl_frame()
        let nanoseconds = max(0, timeout.components.seconds) * 1_000_000_000 + max(0, timeout.components.attoseconds) / 1_000_000_000
        switch api.wait(handle, nanoseconds, &frame) {
        case Int32(CSL_WAIT_FRAME.rawValue): return .frame(makeFrame(frame))
        case Int32(CSL_WAIT_TIMEOUT.rawValue): return .timedOut
        case Int32(CSL_WAIT_CANCELLED.rawValue): return .cancelled
        case Int32(CSL_WAIT_DISCONNECTED.rawValue): throw .disconnected(id: info.id)
        default: throw .failed(operation: "waiting for a frame", code: 22, message: "the camera is not configured")
        }
    }

    /// Waits for the next completed request until `deadline`.
    package func waitForFrame(until deadline: ContinuousClock.Instant) throws(LibcameraError) -> LibcameraWait {
        try waitForFrame(timeout: max(.zero, deadline - .now))
    }

    /// Ends a wait in progress on another thread (it returns `.cancelled`); called with no wait
    /// in progress, the next wait returns `.cancelled` at once.
    package func cancelWait() { api.cancel_wait(handle) }

    /// Gives the frame's buffer back to libcamera, with `controls` to apply to a later frame.
    /// The frame's bytes are not to be read after this.
    package func requeue(_ frame: LibcameraFrame, controls: [LibcameraControl] = []) throws(LibcameraError) {
        try requeue(request: frame.request, controls: controls)
    }

    /// Gives the buffer of request `request` (a ``LibcameraFrame/request``) back, as ``requeue(_:controls:)``.
    package func requeue(request: UInt32, controls: [LibcameraControl] = []) throws(LibcameraError) {
        let values = controls.map(Self.cValue)
        let handle = self.handle, api = self.api
        try LibcameraCall.run("queueing a request") { api.requeue(handle, request, values, Int32(values.count), $0, $1) }
    }

    private func makeFrame(_ frame: csl_frame) -> LibcameraFrame {
        var values = [csl_value](repeating: csl_value(), count: max(Int(frame.metadata_count), 1))
        let count = Int(api.frame_metadata(handle, frame.request, &values, Int32(values.count)))
        var metadata = [String: LibcameraValue]()
        for value in values.prefix(max(0, min(count, values.count))) {
            metadata[LibcameraCall.text(tuple: value.name)] = LibcameraValue(value)
        }
        let pointers = withUnsafeBytes(of: frame.planes) { Array($0.bindMemory(to: UnsafePointer<UInt8>?.self)) }
        let sizes = withUnsafeBytes(of: frame.plane_bytes) { Array($0.bindMemory(to: UInt32.self)) }
        let planes = (0..<Int(max(0, min(frame.plane_count, CSL_MAX_PLANES)))).map { index in
            UnsafeRawBufferPointer(start: pointers[index], count: pointers[index] == nil ? 0 : Int(sizes[index]))
        }
        return LibcameraFrame(request: frame.request, sequence: frame.sequence, bufferTimestamp: frame.buffer_timestamp,
                              isDamaged: frame.status != 0, planes: planes, metadata: LibcameraFrameMetadata(values: metadata))
    }

    static func cValue(_ control: LibcameraControl) -> csl_value {
        var value = csl_value()
        withUnsafeMutableBytes(of: &value.name) { raw in
            let bytes = Array(control.name.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
        }
        let typed = control.value
        value.type = typed.type.rawValue
        value.count = Int32(min(typed.numbers.count, Int(CSL_MAX_ELEMENTS)))
        withUnsafeMutableBytes(of: &value.values) { raw in
            let numbers = raw.bindMemory(to: Double.self)
            for (index, number) in typed.numbers.prefix(numbers.count).enumerated() { numbers[index] = number }
        }
        return value
    }
}
