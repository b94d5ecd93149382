import CamschedCore
import CamschedMedia
import Foundation
import Synchronization

/// A network camera (``NetworkCameraAddress``: RTSP, or MJPEG over HTTP) through the media
/// layer's ``LiveStreamReader``. It offers the stream's one size two ways: its own compressed
/// frames (`MJPG` or `H264`, for a stream copy) when the stream is one of those, and decoded
/// pictures (`YU12`) for everything else. A frame is stamped by the stream's own timing (RTP's) put on
/// the monotonic clock, when it has one, else when it arrived; a stream that states no rate
/// (MJPEG over HTTP) is taken at the rate of its first frames.
///
/// The stream is already running and settled when camsched connects (no warm-up by default);
/// a server that closes the stream, fails, stays silent for ``LiveStreamReader/readTimeout``
/// or sends no whole frame within ``LiveStreamReader/frameTimeout`` is a camera that went
/// away: the run reconnects with back-off, as for an unplugged USB camera. Every wait on the
/// server (an open, a frame) ends within 0.1 s of the run's stop. A packet that is damaged
/// (``CompressedFrameValidator``) or does not decode is no such failure: decoding pictures, it
/// is handed on undecoded, as it came, and the capture session drops it as a damaged frame.
/// The reader and what decodes its packets are in `connection`, used by one thread at a time
/// (the capture thread holds it while it waits for a packet); what other threads ask for —
/// the stream's shape, how to interrupt a wait — is in `stream`. The stream's sound, when it
/// has any, is decoded by the reader as it comes and handed to the connection's ``StreamSound``
/// (``streamSound``), which a recording connects to its ``NetworkSoundSource``.
package final class NetworkBackend: CameraBackend, Sendable {
    package let address: NetworkCameraAddress
    /// Where the login comes from (nil: `CAMSCHED_CAMERA_CREDENTIALS` when set, else none); read
    /// at every open, so credentials corrected while a run waits for the camera are taken up.
    package let credentials: CameraCredentialsSource?
    package let identity: CameraIdentity
    /// Whether the run was asked to stop: every wait on the server asks it.
    private let cancelled: @Sendable () -> Bool
    private let connection = Mutex(Connection())
    private let stream = Mutex<Stream?>(nil)

    private struct Connection {
        var reader: LiveStreamReader?
        var packer: YU12FramePacker?
        var compressed = false
        /// Decoding pictures from a compressed stream: what keeps damaged packets from the decoder.
        var validator: CompressedFrameValidator?
        var sequence: UInt32 = 0
    }

    /// The connected stream as the reader found it.
    private struct Stream {
        let width: Int
        let height: Int
        let frameRate: Double
        let compressedFormat: FourCC?
        let codecName: String
        /// The stream's sound (nil: it has none).
        let sound: StreamSound?
        /// Ends the reader's wait in progress (``LiveStreamReader/interrupter``).
        let interrupt: @Sendable () -> Void
    }

    /// - Parameter cancelled: whether the run was asked to stop (a signal): an open or a frame
    ///   waited for then ends at once.
    package init(address: NetworkCameraAddress, credentials: CameraCredentialsSource? = nil,
                cancelled: @escaping @Sendable () -> Bool = { false }) {
        self.address = address
        self.credentials = credentials
        self.cancelled = cancelled
        identity = CameraIdentity(path: address.url, card: address.host, driver: "camsched-network", bus: address.url,
                                  stableKey: "network|\(address.url)")
    }

    package var droppedFrames: Int { 0 }
    /// The stream's codec once connected (``LiveStreamReader/codecName``).
    package var decodedStreamCodec: String? { stream.withLock { $0?.codecName } }
    /// The connected stream's sound, nil when it has none.
    package var streamSound: StreamSound? { stream.withLock { $0?.sound } }
    /// A stream that runs before camsched connects has nothing to settle.
    package var settlesAfterStart: Bool { false }

    package func open() throws(CameraError) {
        let login = try loadLogin()
        // Connected under the connection's lock (made there, the reader never leaves it); the
        // stream's shape is copied out for the other threads.
        let found = try connection.withLock { connection throws(CameraError) -> Stream in
            let opened: LiveStreamReader
            do { opened = try LiveStreamReader(url: address.url(loggingInAs: login), shownAs: address.url, cancelled: cancelled) } catch {
                throw openFailure(error, login: login)
            }
            connection.reader = opened
            let sound = opened.soundDescription.map(StreamSound.init)
            if let sound {
                opened.onSound = { sound.deliver($0) }
                opened.wantsSound = { sound.isConnected }
            }
            return Stream(width: opened.width, height: opened.height, frameRate: opened.frameRate, compressedFormat: opened.compressedFormat,
                          codecName: opened.codecName, sound: sound, interrupt: opened.interrupter)
        }
        stream.withLock { $0 = found }
    }

    private func connectedStream() throws(CameraError) -> Stream {
        guard let reader = stream.withLock({ $0 }) else { throw .invalidState("the network camera is not connected") }
        return reader
    }

    package func modes() throws(CameraError) -> [CameraMode] {
        let reader = try connectedStream()
        let decoded = CameraMode(pixelFormat: .yu12, width: reader.width & ~1, height: reader.height & ~1,
                                 frameRates: [reader.frameRate])
        guard let own = reader.compressedFormat, StreamCopier.copyable.contains(own) else { return [decoded] }
        return [CameraMode(pixelFormat: own, width: reader.width, height: reader.height, frameRates: [reader.frameRate]), decoded]
    }

    /// The stream's own frames: what `camera.size` unset means.
    package func currentMode() -> CameraMode? { try? modes().first }

    package func controls() throws(CameraError) -> [CameraControl] { [] }

    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        throw .unsupportedControl(name: key.description, reason: "a network camera's controls are not reachable")
    }

    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue {
        throw .unsupportedControl(name: key.description, reason: "a network camera's controls are not reachable")
    }

    package func configure(mode: CameraMode, fps: Double) throws(CameraError) -> CameraFormat {
        let offered = try modes()
        guard offered.contains(where: { $0.pixelFormat == mode.pixelFormat && $0.width == mode.width && $0.height == mode.height }) else {
            throw .unsupportedMode(requested: mode.summary, supported: offered.map(\.summary))
        }
        let reader = try connectedStream()
        let isCompressed = mode.pixelFormat != .yu12
        connection.withLock { connection in
            connection.compressed = isCompressed
            connection.packer = isCompressed ? nil : YU12FramePacker(width: reader.width, height: reader.height)
            connection.validator = isCompressed ? nil : reader.compressedFormat.map { CompressedFrameValidator(format: $0) }
        }
        return CameraFormat(pixelFormat: mode.pixelFormat, width: mode.width, height: mode.height,
                            bytesPerLine: isCompressed ? 0 : mode.width, fps: reader.frameRate)
    }

    /// The server sends at its own rate.
    package func changeFrameRate(_ fps: Double) throws(CameraError) -> Double? { nil }

    /// The stream runs since ``open()``.
    package func startStreaming() throws(CameraError) {}

    package func dequeue(timeout: Duration) throws(CameraError) -> CapturedFrame? {
        try connection.withLock { connection throws(CameraError) -> VideoFrame? in try next(&connection) }.map { .owned($0) }
    }

    /// The next frame of the connection's reader.
    private func next(_ connection: inout Connection) throws(CameraError) -> VideoFrame? {
        guard let reader = connection.reader else { throw .invalidState("the network camera is not connected") }
        let (isCompressed, packer) = (connection.compressed, connection.packer)
        do {
            while true {
                guard let packet = try reader.nextPacket() else { throw CameraError.disconnected(path: address.url) }
                // Taken by the stream's own timing (on the monotonic clock), and the wall-clock
                // time of that (a packet read ahead waited since).
                let arrived = packet.capturedNanoseconds
                let wallClock = Date(timeIntervalSinceNow: -Double(MonotonicClock.nanoseconds() - arrived) / 1e9)
                let number = connection.sequence
                connection.sequence &+= 1
                // The packet itself, not a copy: a stream copy hands its buffer on to the muxer.
                let asItCame = { () throws -> VideoFrame in
                    VideoFrame(width: reader.width, height: reader.height, pixelFormat: reader.compressedFormat ?? .mjpg, bytesPerLine: 0,
                               memory: try packet.frameMemory(), sequence: number, timestampNanoseconds: arrived, wallClock: wallClock)
                }
                if isCompressed { return try asItCame() }
                guard let decoded = Self.decode(packet, with: reader, validator: &connection.validator) else { return try asItCame() }
                guard let picture = decoded, let packer else { continue }
                return try packer.frame(from: picture, sequence: number, timestampNanoseconds: arrived, wallClock: wallClock)
            }
        } catch let error as CameraError {
            throw error
        } catch NetworkWaitError.tooSlow(_, _, let seconds) {
            // A frame that trickles in: as good as none.
            throw .timeout(path: address.url, seconds: seconds)
        } catch is NetworkWaitError {
            // Stopped: whoever waits checks why.
            return nil
        } catch {
            // A read that failed or stayed silent: the camera went away.
            throw .disconnected(path: address.url)
        }
    }

    /// Ends the wait for a frame at once: the connection is not read again.
    package func cancelWaits() {
        stream.withLock { $0?.interrupt }?()
    }

    /// The picture of `packet` (`.some(nil)`: the decoder needs more packets first); nil when
    /// the packet is damaged, follows a damaged H.264 packet before the next keyframe, or does
    /// not decode — one bad packet, not a camera gone.
    private static func decode(_ packet: LiveStreamReader.Packet, with reader: LiveStreamReader,
                               validator: inout CompressedFrameValidator?) -> OwnedAVFrame?? {
        let verdict = validator?.check(packet.bytes) ?? .good
        guard verdict == .good else { return nil }
        do { return .some(try reader.decode(packet)) } catch { return nil }
    }

    /// Nothing to stop: the connection is closed with the camera.
    package func stopStreaming() {}

    package func close() {
        stream.withLock { $0 }?.sound?.disconnect()
        stream.withLock { $0 = nil }
        connection.withLock { $0.reader = nil }
    }
}
