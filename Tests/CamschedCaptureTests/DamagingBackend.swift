import CamschedCore
@testable import CamschedCapture
import Foundation
import Synchronization

/// The test camera with some of its frames damaged on the way: the frames numbered in
/// `damaged` are delivered cut short (a USB transfer that ended early: the second half
/// missing) or with their second half zeros (a buffer whose tail was never written).
/// Everything else is the synthetic camera's own.
final class DamagingBackend: CameraBackend, Sendable {
    enum Damage { case cutShort, zeroTail }

    private let base: any CameraBackend
    private let damaged: Set<UInt32>
    private let damage: Damage

    init(_ options: SyntheticCameraOptions, damaging damaged: Set<UInt32>, damage: Damage = .cutShort) {
        base = Camera.synthetic(options: options, uri: "test:damaged-\(UUID().uuidString)").backend
        self.damaged = damaged
        self.damage = damage
    }

    var identity: CameraIdentity { base.identity }
    var droppedFrames: Int { base.droppedFrames }
    var pacesInRealTime: Bool { base.pacesInRealTime }
    var settlesAfterStart: Bool { base.settlesAfterStart }
    func open() throws(CameraError) { try base.open() }
    func modes() throws(CameraError) -> [CameraMode] { try base.modes() }
    func currentMode() -> CameraMode? { base.currentMode() }
    func controls() throws(CameraError) -> [CameraControl] { try base.controls() }
    func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        try base.setControl(key, to: value)
    }
    func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue { try base.getControl(key) }
    func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat { try base.configure(mode: mode, fps: fps) }
    func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { try base.changeFrameRate(fps) }
    func startStreaming() throws(CameraError) { try base.startStreaming() }
    func stopStreaming() { base.stopStreaming() }
    func close() { base.close() }

    func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        let captured = try base.dequeue(timeout: timeout)
        guard case let .owned(frame)? = captured, damaged.contains(frame.sequence) else { return captured }
        let kept = [UInt8](frame.bytes.prefix(frame.bytes.count / 2))
        let bytes = damage == .cutShort ? kept : kept + [UInt8](repeating: 0, count: frame.bytes.count - kept.count)
        return bytes.withUnsafeBytes {
            .owned(VideoFrame(width: frame.width, height: frame.height, pixelFormat: frame.pixelFormat, bytesPerLine: 0, copying: $0,
                              sequence: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, wallClock: frame.wallClock))
        }
    }
}
