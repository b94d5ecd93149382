import CamschedCapture
import CamschedCore
import CamschedMedia
import Foundation
import Testing

/// A network camera's sound as a microphone: chunks a connection delivers, read in order by a
/// reader that waits on a signal, bounded, mixed to the job's channels, across connections.
@Suite struct NetworkSoundSourceTests {
    static func chunk(_ frames: Int, rate: Int = 8_000, channels: Int = 1, at time: Int64, value: Int16 = 1) -> AudioChunk {
        AudioChunk(samples: [Int16](repeating: value, count: frames * channels), rate: rate, channels: channels, timestampNanoseconds: time)
    }

    static let pcmu = StreamSoundDescription(codec: "G.711 µ-law (PCMU)", format: AudioFormat(rate: 8_000, channels: 1))

    @Test func soundGoesWhereAConnectionSendsItAndNowhereBefore() throws {
        let source = NetworkSoundSource(name: "rtsp://cam/s", rate: 8_000, channels: 1)
        let stream = StreamSound(Self.pcmu)
        stream.deliver(Self.chunk(160, at: 0))
        #expect(!stream.isConnected)
        #expect(try source.read(timeout: 0) == nil)
        stream.connect(to: source)
        #expect(stream.isConnected && source.reconnections == 0)
        stream.deliver(Self.chunk(160, at: 20_000_000))
        #expect(try source.read(timeout: 0)?.timestampNanoseconds == 20_000_000)
        stream.disconnect()
        stream.deliver(Self.chunk(160, at: 40_000_000))
        #expect(try source.read(timeout: 0) == nil)
        // The camera came back: a new connection delivers into the same source.
        let again = StreamSound(Self.pcmu)
        again.connect(to: source)
        #expect(source.reconnections == 1)
        again.deliver(Self.chunk(160, at: 9_000_000_000))
        #expect(try source.read(timeout: 0)?.timestampNanoseconds == 9_000_000_000)
    }

    @Test func aWaitingReadIsWokenByTheChunk() throws {
        let source = NetworkSoundSource(name: "rtsp://cam/s", rate: 8_000, channels: 1)
        let stream = StreamSound(Self.pcmu)
        stream.connect(to: source)
        let delivered = Latch()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            stream.deliver(Self.chunk(160, at: 7))
            delivered.open()
        }
        // A generous deadline: the chunk ends the wait, not the deadline. (The latch opens just
        // after the chunk is handed over, so the woken read may come back before it opens.)
        let started = Date()
        let chunk = try source.read(timeout: 30)
        #expect(chunk?.timestampNanoseconds == 7 && Date().timeIntervalSince(started) < 10)
        #expect(delivered.wait(until: .now() + 10))
    }

    @Test func theQueueKeepsTheNewestAndCountsWhatItDropped() throws {
        let source = NetworkSoundSource(name: "rtsp://cam/s", rate: 8_000, channels: 1, capacitySeconds: 2)
        let stream = StreamSound(Self.pcmu)
        stream.connect(to: source)
        for second in 0..<3 { stream.deliver(Self.chunk(8_000, at: Int64(second) * 1_000_000_000)) }
        #expect(source.droppedFrames == 8_000)
        #expect(try source.read(timeout: 0)?.timestampNanoseconds == 1_000_000_000)
        #expect(try source.read(timeout: 0)?.timestampNanoseconds == 2_000_000_000)
        #expect(try source.read(timeout: 0) == nil)
        // Another rate than the first connection's is not taken.
        stream.deliver(Self.chunk(160, rate: 16_000, at: 3_000_000_000))
        #expect(try source.read(timeout: 0) == nil && source.droppedFrames == 8_160)
    }

    @Test func stereoIsMixedToTheJobsChannels() throws {
        let source = NetworkSoundSource(name: "rtsp://cam/s", rate: 8_000, channels: 1)
        let stream = StreamSound(StreamSoundDescription(codec: "AAC", format: AudioFormat(rate: 8_000, channels: 2)))
        stream.connect(to: source)
        stream.deliver(AudioChunk(samples: [100, 300, -50, -150], rate: 8_000, channels: 2, timestampNanoseconds: 0))
        let mono = try #require(try source.read(timeout: 0))
        #expect(mono.samples == [200, -100] && mono.channels == 1)
        let up = AudioChunk(samples: [5, -7], rate: 8_000, channels: 1, timestampNanoseconds: 0).mixed(toChannels: 2)
        #expect(up.samples == [5, 5, -7, -7] && up.frames == 2)
    }

    @Test func autoTakesTheStreamsSoundAndANetworkCameraWithoutSaysSo() throws {
        let camera = CameraIdentity(path: "rtsp://cam.local/live", card: "cam.local", driver: "camsched-network", bus: "rtsp://cam.local/live",
                                    stableKey: "network|rtsp://cam.local/live")
        let stream = StreamSound(Self.pcmu)
        let microphone = try MicrophoneChoice.microphone(device: "auto", rate: nil, channels: 2, camera: camera, stream: stream)
        #expect(microphone is NetworkSoundSource && microphone.name == "rtsp://cam.local/live")
        #expect(microphone.format == AudioFormat(rate: 8_000, channels: 2) && stream.isConnected)
        #expect {
            _ = try MicrophoneChoice.microphone(device: "auto", rate: nil, channels: 1, camera: camera, stream: nil)
        } throws: { error in
            (error as? MicrophoneError)?.description.contains("the camera's stream carries no sound") == true
        }
    }
}
