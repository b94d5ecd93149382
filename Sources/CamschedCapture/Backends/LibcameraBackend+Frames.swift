import CamschedCore
import CamschedLibcamera
import CamschedV4L2

/// Frames: a completed request lent as a buffer, given back with the controls set meanwhile.
extension LibcameraBackend {
    package func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        let camera = try requireCamera()
        let deadline = MonotonicClock.nanoseconds() + timeout.wholeNanoseconds
        while true {
            let remaining = deadline - MonotonicClock.nanoseconds()
            if remaining <= 0 { return nil }
            let waited: LibcameraWait
            do { waited = try camera.waitForFrame(timeout: .nanoseconds(remaining)) } catch { throw Self.map(error, uri: uri) }
            guard case let .frame(frame) = waited else { return nil }
            if frame.isDamaged || frame.planes.isEmpty {
                state.withLock { $0.dropped += 1 }
                try? camera.requeue(frame)
                continue
            }
            return .lent(lend(frame))
        }
    }

    /// Records the frame as lent, counts a gap in its sequence, and takes what the sensor
    /// applied from its metadata as the controls' values.
    private func lend(_ frame: LibcameraFrame) -> LentBuffer {
        let (request, metadata) = (Int(frame.request), frame.metadata.values)
        let timestamp = Int64(clamping: frame.sensorTimestamp ?? frame.bufferTimestamp)
        state.withLock { state in
            state.tracker.record(sequence: frame.sequence, timestampNanoseconds: timestamp)
            state.lent.insert(request)
            for (name, value) in metadata where state.infos.contains(where: { $0.name == name }) {
                state.values[name] = LibcameraControlTable.value(of: value)
            }
        }
        let first = frame.planes[0]
        // Planes of one buffer lie one after another: lend them as one span.
        var count = first.count
        if frame.planes.count > 1, let base = first.baseAddress {
            for plane in frame.planes.dropFirst() where plane.baseAddress == base + count { count += plane.count }
        }
        return LentBuffer(slot: Int(frame.request), bytes: UnsafeRawBufferPointer(start: first.baseAddress, count: count),
                          sequence: frame.sequence,
                          timestampNanoseconds: timestamp,
                          sensor: Self.readings(frame.metadata))
    }

    package func requeue(slot: Int) {
        let (camera, controls) = state.withLock { state -> (LibcameraCamera?, [LibcameraControl]) in
            guard state.streaming, state.lent.remove(slot) != nil else { return (nil, []) }
            defer { state.pending = [:] }
            return (state.camera, Array(state.pending.values))
        }
        guard let camera else { return }
        if !controls.isEmpty { logger.debug("sent to libcamera (\(uri)) with request \(slot): \(controls.logText)") }
        do {
            try camera.requeue(request: UInt32(slot), controls: controls)
        } catch {
            // Not given back: the controls wait for the next request.
            state.withLock { state in for control in controls where state.pending[control.name] == nil { state.pending[control.name] = control } }
        }
    }

    /// The frame's metadata as camsched records it; nil when it holds nothing but timestamps.
    static func readings(_ metadata: LibcameraFrameMetadata) -> SensorReadings? {
        let readings = SensorReadings(
            exposureTime: metadata.exposureTime?.secondsValue, analogueGain: metadata.analogueGain,
            digitalGain: metadata.digitalGain, colourGains: metadata.colourGains.map { [$0.red, $0.blue] },
            colourTemperature: metadata.colourTemperature, lux: metadata.lux, frameDuration: metadata.frameDuration?.secondsValue)
        return readings.isEmpty ? nil : readings
    }
}
