import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// The kernel's ALSA loopback card (`snd-aloop`, in Debian's kernel) in the vivid guest: what is
/// played into `hw:Loopback,0,N` is captured from `hw:Loopback,1,N`, at the rate of a timer, as
/// a sound card's microphone would capture it. Loaded once per boot, and left loaded.
enum SoundLoop {
    /// The capture side of the loop's first cable.
    static let captureName = "hw:Loopback,1,0"
    /// The playback side of the same cable.
    static let playbackName = "hw:Loopback,0,0"

    /// Loads the module and waits for the card's capture node.
    static func load() throws {
        if !FileManager.default.fileExists(atPath: "/proc/asound/Loopback") {
            let loaded = try ProcessRunner.run("/sbin/modprobe", ["snd-aloop"])
            try #require(loaded.status == 0, "modprobe snd-aloop failed (\(loaded.status)): \(loaded.stderr)")
        }
        let ready = Wait.until(seconds: 10) {
            (try? card()).map { FileManager.default.fileExists(atPath: "/dev/snd/pcmC\($0)D1c") } ?? false
        }
        try #require(ready, "snd-aloop loaded but /proc/asound/Loopback or its /dev/snd capture node did not appear")
    }

    /// The loop's card number (`/proc/asound/Loopback` links to `card<N>`).
    static func card() throws -> Int {
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/asound/Loopback")
        return try #require(Int(target.dropFirst("card".count)), "/proc/asound/Loopback links to \(target)")
    }

    /// The state line of a substream (`RUNNING`, or `closed`), from procfs.
    static func state(device: Int, stream: Character, subdevice: Int = 0) -> String {
        guard let number = try? card(),
              let text = try? String(contentsOfFile: "/proc/asound/card\(number)/pcm\(device)\(stream)/sub\(subdevice)/status",
                                     encoding: .utf8) else { return "" }
        if text.hasPrefix("closed") { return "closed" }
        return text.split(separator: "\n").first { $0.hasPrefix("state:") }.map { $0.dropFirst(6).trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// A WAV file of a sine tone: mono, signed 16-bit, `amplitude` of full scale 32767.
    static func tone(frequency: Double, seconds: Int, rate: Int, amplitude: Int16, in dir: TemporaryDirectory) throws -> URL {
        try wave(seconds: seconds, rate: rate, name: "tone-\(Int(frequency))", in: dir) { frame in
            Int16(Double(amplitude) * sin(2 * Double.pi * frequency * Double(frame) / Double(rate)))
        }
    }

    /// A WAV file of the test microphone's signal (`TestToneSignal`: a click every `rate` samples,
    /// a quiet tone between), so a recording of it shows a lost or doubled sample as a click
    /// spacing other than one second.
    static func clicks(seconds: Int, rate: Int, in dir: TemporaryDirectory) throws -> URL {
        try wave(seconds: seconds, rate: rate, name: "clicks", in: dir) { TestToneSignal.sample(frame: Int64($0), rate: rate) }
    }

    private static func wave(seconds: Int, rate: Int, name: String, in dir: TemporaryDirectory, sample: (Int) -> Int16) throws -> URL {
        let frames = seconds * rate
        var data = Data()
        func append<Value: FixedWidthInteger>(_ value: Value) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + frames * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(rate)); append(UInt32(rate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(frames * 2))
        let samples = (0..<frames).map { sample($0).littleEndian }
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        let file = dir.file("\(name).wav")
        try data.write(to: file)
        return file
    }

    /// `arecord` holding the loop's capture side, once it captures (terminate it when done).
    static func hold(in dir: TemporaryDirectory) throws -> ChildProcess {
        let holder = try ProcessRunner.start("/usr/bin/arecord", ["-q", "-D", captureName, "-f", "S16_LE", "-r", "48000",
                                                                  "-c", "1", "-t", "raw", "/dev/null"],
                                             stdout: dir.file("arecord.out"), stderr: dir.file("arecord.err"))
        let running = Wait.until(seconds: 10) { state(device: 1, stream: "c") == "RUNNING" }
        if !running { holder.terminate() }
        try #require(running, "arecord did not start")
        return holder
    }

    /// `aplay` playing `file` into the loop, once its playback substream runs.
    static func play(_ file: URL, in dir: TemporaryDirectory) throws -> ChildProcess {
        let player = try ProcessRunner.start("/usr/bin/aplay", ["-q", "-D", playbackName, "--period-time=20000", "--buffer-time=500000",
                                                                file.path],
                                             stdout: dir.file("aplay.out"), stderr: dir.file("aplay.err"))
        let running = Wait.until(seconds: 10) { state(device: 0, stream: "p") == "RUNNING" }
        if !running { player.terminate() }
        let complaint = (try? String(contentsOf: dir.file("aplay.err"), encoding: .utf8)) ?? ""
        try #require(running, "aplay did not start playing into \(playbackName): \(complaint)")
        return player
    }
}
