import CamschedCore
import CamschedCapture
import CamschedMedia
import Foundation
import Testing

/// A stream whose frames are taken when pulled (`framesOnRequest`: a run of one still) takes
/// from the camera exactly the frames pulled, stamped as the capture thread stamps them, and
/// still turns a camera that goes away into a loss.
@Suite struct CameraStreamOnRequestTests {
    /// The stream and, once started, the session it opened.
    final class Opened: @unchecked Sendable {
        var session: CaptureSession?
    }

    /// - Parameter uri: a camera's own name: one that goes away is gone for every test in the
    ///   process that opens the same name (the test camera's registry of unplugged cameras).
    static func stream(_ opened: Opened, uri: String = "test:", configure: (inout SyntheticCameraOptions) -> Void = { _ in }) -> CameraStream {
        var options = SyntheticCameraOptions()
        options.width = 320
        options.height = 180
        configure(&options)
        let camera = options
        let stream = CameraStream(warmup: .zero) { () throws(CameraError) -> CaptureSession in
            let session = CaptureSession(camera: Camera.synthetic(options: camera, uri: uri))
            var request = CameraRequest()
            request.size = .exact(width: 320, height: 180)
            try session.configure(request)
            opened.session = session
            return session
        }
        stream.framesOnRequest = true
        return stream
    }

    @Test func onlyTheFramesPulledAreTakenFromTheCamera() throws {
        let opened = Opened()
        // Paced fast, a capture thread would fill its queue with frames nobody pulled.
        let stream = Self.stream(opened) { $0.fastPace = true }
        try stream.start()
        defer { stream.stop() }
        var sequences: [UInt32] = []
        for _ in 0..<3 {
            guard case let .frame(frame)? = try stream.next(timeout: .seconds(2)) else { continue }
            sequences.append(frame.sequence)
            #expect(frame.width == 320 && frame.height == 180)
            #expect(frame.metadata.controls["brightness"] != nil, "stamped with the control snapshot: \(frame.metadata.controls)")
        }
        #expect(sequences.count == 3 && sequences == sequences.sorted() && Set(sequences).count == 3, "\(sequences)")
        #expect(opened.session?.framesDelivered == 3)
        #expect(stream.droppedFrames == 0)
    }

    @Test func aCameraThatGoesAwayIsALoss() throws {
        let stream = Self.stream(Opened(), uri: "test:?card=gone-\(UUID().uuidString.prefix(6))") { $0.disconnectAfter = .milliseconds(300) }
        try stream.start()
        defer { stream.stop() }
        var frames = 0
        var lost: StreamLoss?
        for _ in 0..<40 where lost == nil {
            switch try stream.next(timeout: .milliseconds(250)) {
            case .frame?: frames += 1
            case let .lost(loss)?: lost = loss
            default: break
            }
        }
        #expect(frames > 0)
        #expect(lost != nil, "no loss after \(frames) frames")
    }
}
