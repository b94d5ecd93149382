import CamschedCore
@testable import CamschedCapture
import Foundation
import Synchronization
import Testing

/// The one camera type over a back-end: the state machine checked before any call reaches the
/// back-end, lent buffers given back exactly once, copy-out while consumers hold too many, and
/// stop and close deferred until the last lent buffer is back.
@Suite struct CameraCoreTests {
    @Test func aCallInTheWrongStateNeverReachesTheBackend() throws {
        let backend = LendingBackend(buffers: 4)
        let camera = Camera(backend)
        #expect(throws: CameraError.self) { _ = try camera.modes() }
        #expect(throws: CameraError.self) { try camera.startStreaming() }
        #expect(throws: CameraError.self) { _ = try camera.nextFrame(timeout: .milliseconds(1)) }
        #expect(throws: CameraError.self) { _ = try camera.configure(mode: LendingBackend.mode, fps: 30) }
        #expect(backend.calls.isEmpty, "\(backend.calls)")
        try camera.open()
        #expect(throws: CameraError.self) { try camera.open() }
        #expect(throws: CameraError.self) { try camera.startStreaming() }
        _ = try camera.configure(mode: LendingBackend.mode, fps: 30)
        try camera.startStreaming()
        #expect(throws: CameraError.self) { try camera.startStreaming() }
        #expect(throws: CameraError.self) { _ = try camera.configure(mode: LendingBackend.mode, fps: 30) }
        #expect(backend.calls == ["open", "configure", "start"])
    }

    @Test func aLentBufferGoesBackOnceWhenItsLastHolderLetsGo() throws {
        let (camera, backend) = try streaming(buffers: 6)
        var frame: VideoFrame? = try camera.nextFrame(timeout: .seconds(1))
        var shared: VideoFrame? = try #require(frame).with(metadata: FrameMetadata())
        frame = nil
        #expect(backend.requeued.isEmpty, "still held by the copy with other metadata")
        shared = nil
        _ = shared
        #expect(backend.requeued == [0])
    }

    @Test func framesAreCopiedOutWhileConsumersHoldAllButTheDriversShare() throws {
        let (camera, backend) = try streaming(buffers: 4)
        // Four buffers: two may be lent, two stay with the driver.
        let held = try (0..<4).map { _ in try #require(try camera.nextFrame(timeout: .seconds(1))) }
        #expect(camera.framesCopiedOut == 2)
        #expect(backend.requeued == [2, 3], "copied-out buffers go back at once")
        #expect(held.map { Array($0.bytes.prefix(1)) } == [[0], [1], [2], [3]], "a copy has the buffer's pixels")
    }

    @Test func eachFrameCarriesItsOwnSensorReadingsLentOrCopied() throws {
        let (camera, _) = try streaming(buffers: 4)
        // Two lent, two copied out: every frame keeps what the sensor reported for it.
        let held = try (0..<4).map { _ in try #require(try camera.nextFrame(timeout: .seconds(1))) }
        #expect(camera.framesCopiedOut == 2)
        #expect(held.map { $0.metadata.sensor?.exposureTime } == [0.001, 0.002, 0.003, 0.004])
        #expect(held.allSatisfy { $0.metadata.sensor?.analogueGain == 2 })
    }

    @Test func aStopWaitsInStoppingForTheLastLentFrame() throws {
        let (camera, backend) = try streaming(buffers: 6)
        var frame: VideoFrame? = try camera.nextFrame(timeout: .seconds(1))
        camera.stopStreaming()
        #expect(camera.state == .stopping)
        #expect(!backend.calls.contains("stop"), "the buffer is still mapped for its holder")
        #expect(throws: CameraError.self) { try camera.startStreaming() }
        #expect(throws: CameraError.self) { _ = try camera.nextFrame(timeout: .milliseconds(1)) }
        frame = nil
        _ = frame
        #expect(camera.state == .configured)
        #expect(backend.calls.last == "stop")
        #expect(backend.requeued.isEmpty, "a buffer given back while stopping is not queued again")
        try camera.startStreaming()
        #expect(camera.state == .streaming)
    }

    @Test func aCloseWhileFramesAreHeldReleasesTheHardwareWhenTheLastComesBack() throws {
        let (camera, backend) = try streaming(buffers: 6)
        var first: VideoFrame? = try camera.nextFrame(timeout: .seconds(1))
        var second: VideoFrame? = try camera.nextFrame(timeout: .seconds(1))
        camera.stopStreaming()
        camera.close()
        #expect(camera.state == .closed)
        #expect(throws: CameraError.self, "no reopen while its buffers are still mapped") { try camera.open() }
        first = nil
        #expect(!backend.calls.contains("close"))
        second = nil
        _ = (first, second)
        #expect(Array(backend.calls.suffix(2)) == ["stop", "close"])
        try camera.open()
        #expect(camera.state == .open)
    }

    @Test func aCameraLostWhileStreamingIsClosedAtOnce() throws {
        let (camera, backend) = try streaming(buffers: 6)
        backend.unplug()
        #expect(throws: CameraError.disconnected(path: "lending")) { _ = try camera.nextFrame(timeout: .seconds(1)) }
        #expect(camera.state == .closed)
        #expect(Array(backend.calls.suffix(2)) == ["stop", "close"])
    }

    private func streaming(buffers: Int) throws -> (Camera, LendingBackend) {
        let backend = LendingBackend(buffers: buffers)
        let camera = Camera(backend)
        try camera.open()
        _ = try camera.configure(mode: LendingBackend.mode, fps: 30)
        try camera.startStreaming()
        return (camera, backend)
    }
}

/// A back-end that lends its buffers in turn, each filled with its own index, and records
/// every call the camera makes.
final class LendingBackend: CameraBackend {
    static let mode = CameraMode(pixelFormat: .yuyv, width: 4, height: 2, frameRates: [30])
    private let state: Mutex<(calls: [String], requeued: [Int], next: Int, unplugged: Bool)> = Mutex(([], [], 0, false))
    /// The "driver's" buffers: memory that lives as long as the back-end.
    private let buffers: [FrameMemory]

    init(buffers count: Int) {
        buffers = (0..<count).map { index in
            [UInt8](repeating: UInt8(index), count: 16).withUnsafeBytes { FrameMemory(copying: $0) }
        }
    }

    var calls: [String] { state.withLock { $0.calls } }
    var requeued: [Int] { state.withLock { $0.requeued } }
    func unplug() { state.withLock { $0.unplugged = true } }
    private func record(_ call: String) { state.withLock { $0.calls.append(call) } }

    var identity: CameraIdentity { CameraIdentity(path: "lending", card: "lending", driver: "test", bus: "test") }
    var droppedFrames: Int { 0 }
    var lendableBuffers: Int { buffers.count }
    func open() throws(CameraError) { record("open") }
    func modes() throws(CameraError) -> [CameraMode] { record("modes"); return [Self.mode] }
    func currentMode() -> CameraMode? { Self.mode }
    func controls() throws(CameraError) -> [CameraControl] { [] }
    func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue { value }
    func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue { .integer(0) }
    func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { fps }
    func startStreaming() throws(CameraError) { record("start") }
    func stopStreaming() { record("stop") }
    func close() { record("close") }
    func requeue(slot: Int) { state.withLock { $0.requeued.append(slot) } }

    func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        record("configure")
        return CameraFormat(pixelFormat: mode.pixelFormat, width: mode.width, height: mode.height, bytesPerLine: 8, fps: fps)
    }

    func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        let (slot, unplugged) = state.withLock { state -> (Int, Bool) in
            defer { state.next += 1 }
            return (state.next % buffers.count, state.unplugged)
        }
        if unplugged { throw .disconnected(path: "lending") }
        // Each frame's sensor readings, as a libcamera camera reports them: exposure by slot.
        let sensor = SensorReadings(exposureTime: Double(slot + 1) / 1000, analogueGain: 2)
        return .lent(LentBuffer(slot: slot, bytes: buffers[slot].bytes, sequence: UInt32(slot),
                                timestampNanoseconds: Int64(slot) * 1_000_000, sensor: sensor))
    }
}
