import CamschedCapture
import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// ``ALSAMicrophone`` on a real ALSA driver: the kernel's loopback card, a 440 Hz tone played
/// into one side by `aplay` and recorded from the other.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividMicrophoneTests {
    static let rate = 48_000
    static let toneHertz = 440.0
    static let recordSeconds: Int64 = 3
    /// snd-aloop moves its pointer by jiffies (Debian's kernel: 250 Hz), and stamps it by the clock.
    static let loopTick: Int64 = 4_000_000

    @Test func recordsThePlayedToneGaplessOnTheMonotonicClock() throws {
        try SoundLoop.load()
        let dir = try TemporaryDirectory("microphone")
        let tone = try SoundLoop.tone(frequency: Self.toneHertz, seconds: 8, rate: Self.rate, amplitude: 12_000, in: dir)
        let player = try SoundLoop.play(tone, in: dir)
        defer { player.terminate(); _ = player.waitUntilExit(seconds: 10) }
        let microphone = ALSAMicrophone(name: SoundLoop.captureName, rate: nil, channels: 1)
        let beforeStart = MonotonicClock.nanoseconds()
        try microphone.start()
        let afterStart = MonotonicClock.nanoseconds()
        defer { microphone.stop() }
        #expect(microphone.format == AudioFormat(rate: Self.rate, channels: 1))
        let period = Int64(try #require(microphone.periodFrames)) * 1_000_000_000 / Int64(Self.rate)
        var chunks: [AudioChunk] = []
        // When each read returned, on CLOCK_MONOTONIC.
        var readAt: [Int64] = []
        let end = MonotonicClock.nanoseconds() + Self.recordSeconds * 1_000_000_000
        while MonotonicClock.nanoseconds() < end {
            let chunk = try #require(try microphone.read(timeout: 1), "no sound for 1 s after \(chunks.count) chunks")
            readAt.append(MonotonicClock.nanoseconds())
            chunks.append(chunk)
        }
        #expect(microphone.overruns == 0)
        let first = try #require(chunks.first), last = try #require(chunks.last)
        #expect(chunks.allSatisfy { $0.rate == Self.rate && $0.channels == 1 && $0.frames > 0 && $0.frames <= Self.rate / 20 })
        // The stream's first frame is the one taken as capture started: its stamp falls within
        // start() (give or take one tick of the loop's timer: 4 ms), not a period later, where a
        // stamp of a chunk's end instead of its start would put it.
        #expect(first.timestampNanoseconds >= beforeStart - Self.loopTick && first.timestampNanoseconds <= afterStart + Self.loopTick,
                "first stamp \(first.timestampNanoseconds - afterStart) ns after start() returned (it took \(afterStart - beforeStart) ns)")
        // No sound is stamped after it was read, and none long before (a reader that keeps up
        // gets each chunk within a few periods; 100 ms leaves room for the emulated guest).
        for (chunk, read) in zip(chunks, readAt) {
            #expect(chunk.endNanoseconds <= read + Self.loopTick, "chunk ending \(chunk.endNanoseconds - read) ns after its read returned")
        }
        let lags = zip(chunks, readAt).map { $0.1 - $0.0.endNanoseconds }.sorted()
        #expect(lags[lags.count / 2] <= 100_000_000, "median lag \(lags[lags.count / 2]) ns between a chunk's end and its read")
        // Each chunk starts where the one before ended (within one period), in order.
        for (earlier, later) in zip(chunks, chunks.dropFirst()) {
            #expect(later.timestampNanoseconds > earlier.timestampNanoseconds)
            #expect(abs(later.timestampNanoseconds - earlier.endNanoseconds) <= period,
                    "chunk at \(later.timestampNanoseconds) starts \(later.timestampNanoseconds - earlier.endNanoseconds) ns after the previous end")
        }
        // Every sample of the span is there: the count is the span times the rate, within one period.
        let frames = chunks.reduce(0) { $0 + $1.frames }
        let spanFrames = (last.endNanoseconds - first.timestampNanoseconds) * Int64(Self.rate) / 1_000_000_000
        #expect(abs(Int64(frames) - spanFrames) <= Int64(try #require(microphone.periodFrames)), "\(frames) frames over a span of \(spanFrames)")
        #expect(Double(frames) >= Double(Self.recordSeconds * Int64(Self.rate)) * 0.95)
        // And they are the tone played: 440 Hz by its upward zero crossings, at its loudness.
        let samples = chunks.flatMap(\.samples)
        let crossings = zip(samples, samples.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        let hertz = Double(crossings) / (Double(samples.count) / Double(Self.rate))
        #expect(abs(hertz - Self.toneHertz) <= 5, "measured \(hertz) Hz")
        #expect(samples.max().map { $0 > 11_000 && $0 <= 12_000 } == true, "peak \(samples.max() ?? 0)")
    }

    @Test func anOverrunIsRecoveredCountedAndLeftAsAGapInTheStamps() throws {
        try SoundLoop.load()
        let microphone = ALSAMicrophone(name: "hw:Loopback,1,4", rate: nil, channels: 1)
        try microphone.start()
        defer { microphone.stop() }
        let before = try #require(try microphone.read(timeout: 1), "no sound from the loop")
        // Time is the scenario: a reader that stalls for twice the device's half-second buffer.
        Thread.sleep(forTimeInterval: 1)
        var after: [AudioChunk] = []
        while after.count < 10 {
            after.append(try #require(try microphone.read(timeout: 1), "no sound after the overrun"))
        }
        #expect(microphone.overruns == 1)
        // Capture restarted when the overrun was found: the samples of the stall are missing,
        // and the stamps say so (the gap is the stall, give or take the wait for a period).
        let gap = after[0].timestampNanoseconds - before.endNanoseconds
        #expect(gap >= 900_000_000 && gap <= 1_300_000_000, "gap \(gap) ns")
        let period = Int64(try #require(microphone.periodFrames)) * 1_000_000_000 / Int64(microphone.format.rate)
        for (earlier, later) in zip(after, after.dropFirst()) {
            #expect(abs(later.timestampNanoseconds - earlier.endNanoseconds) <= period)
        }
    }

    @Test func aDeviceArecordHoldsIsBusyNamingArecord() throws {
        try SoundLoop.load()
        let dir = try TemporaryDirectory("microphone-busy")
        let recorder = try SoundLoop.hold(in: dir)
        defer { recorder.terminate(); _ = recorder.waitUntilExit(seconds: 10) }
        let microphone = ALSAMicrophone(name: SoundLoop.captureName, rate: nil, channels: 1)
        let started = Date()
        #expect(throws: MicrophoneError.busy(name: SoundLoop.captureName, holder: "arecord (pid \(recorder.processIdentifier))")) {
            try microphone.start()
        }
        #expect(Date().timeIntervalSince(started) < 5, "a busy device is told at once, not waited for")
    }

    @Test func anUnknownCardIsMissingAndTheHintListsTheCaptureDevices() throws {
        try SoundLoop.load()
        let card = try SoundLoop.card()
        let cards = try String(contentsOfFile: "/proc/asound/cards", encoding: .utf8)
        try #require(cards.split(separator: "\n").filter { $0.first == " " && $0.contains("]:") }.count == 1,
                     "the guest has one sound card, the loop: \(cards)")
        let devices = (0...1).map { "card \(card): Loopback [Loopback], device \($0): Loopback PCM (hw:CARD=Loopback,DEV=\($0))" }
        #expect(throws: MicrophoneError.missing(name: "hw:NoSuchCard", hint: "the capture devices are " + devices.joined(separator: "; "))) {
            try ALSAMicrophone(name: "hw:NoSuchCard", rate: nil, channels: 1).start()
        }
    }

    @Test func channelsOrARateTheLoopDoesNotTakeAreRefusedWithItsRange() throws {
        try SoundLoop.load()
        let name = "hw:Loopback,1,3"
        #expect(throws: MicrophoneError.refused(name: name, reason: "it does not take 64 channels; it takes 1–32 channels")) {
            try ALSAMicrophone(name: name, rate: nil, channels: 64).start()
        }
        #expect(throws: MicrophoneError.refused(name: name, reason: "it does not take a rate of 1234567 Hz; it takes 8000–192000 Hz")) {
            try ALSAMicrophone(name: name, rate: 1_234_567, channels: 1).start()
        }
        // What it takes, it takes: the same device opens at 8000 Hz stereo.
        let microphone = ALSAMicrophone(name: name, rate: 8_000, channels: 2)
        try microphone.start()
        #expect(microphone.format == AudioFormat(rate: 8_000, channels: 2))
        microphone.stop()
    }
}
