import ArgumentParser
import CamschedCore
import Glibc
import Logging

/// `camsched snapshot`'s options as plain values: what ``SnapshotCommand`` holds once
/// swift-argument-parser has parsed them, and what ``init(fastParsing:)`` reads without it.
///
/// A cold `snapshot` spent half of its instructions (29 M of 60 M on the host) in
/// swift-argument-parser before the camera was opened: each first cast or generic type it
/// instantiates walks every protocol conformance record of the static binary. The common
/// forms — each option at most once, as `--name value` or `--name=value` — are read here;
/// anything else (help, a mistake, a repeated option) goes to swift-argument-parser, which
/// reports it as usual.
struct SnapshotArguments: Equatable {
    var device = "auto"
    var size: String?
    /// `--format`; nil when not given (``stillFormat`` then follows `-o`'s extension).
    var format: StillFormat?
    var quality = 90
    /// `--warmup`; nil when not given (``warmupSeconds`` then depends on the device).
    var warmup: Double?
    var output: String?
    var overwrite = false

    init() {}

    /// `arguments` without the program name, starting with `snapshot`; nil unless every word
    /// is one of the options above in a plain form and the values are valid.
    init?(fastParsing arguments: [String]) {
        guard arguments.first == "snapshot" else { return nil }
        guard let words = PlainOptions(arguments.dropFirst(), flags: ["--overwrite"], aliases: ["-o": "--output"]),
              words.positional.isEmpty else { return nil }
        for (name, value) in words.options {
            switch (name, value) {
            case ("--overwrite", _): overwrite = true
            case (_, let value?): guard set(name, value) else { return nil }
            default: return nil
            }
        }
        guard problem() == nil else { return nil }
    }

    private mutating func set(_ name: String, _ value: String) -> Bool {
        switch name {
        case "--device": device = value
        case "--size": size = value
        case "--format": guard let parsed = StillFormat(argument: value) else { return false }; format = parsed
        case "--quality": guard let parsed = Int(value) else { return false }; quality = parsed
        case "--warmup": guard let parsed = Double(value) else { return false }; warmup = parsed
        case "--output": output = value
        default: return false
        }
        return true
    }

    /// What is wrong with the values, or nil (``SnapshotCommand/validate()`` reports it).
    func problem() -> String? {
        if let size, SizeArgument(size) == nil {
            return "--size \(size) is not WIDTHxHEIGHT (1 to 16384 each) or one of photo, high, 1080p, 720p, 480p"
        }
        do { try DeviceArgument.check(device) } catch { return "\(error)" }
        if !(1...100).contains(quality) { return "--quality must be from 1 to 100, found \(quality)" }
        // `contains` is false for NaN, which `warmup < 0 || warmup > 60` let through.
        if let warmup, !(0...60).contains(warmup) { return "--warmup must be from 0 to 60 seconds, found \(warmup)" }
        if let output, output.isEmpty { return "--output must not be empty; name a file or a folder" }
        return outputProblem()
    }

    /// The seconds of frames discarded first: `--warmup`, else 0.5 s for a camera and none for a
    /// `file:` source (a video has nothing to settle: the still is its first frame, SPEC §3).
    var warmupSeconds: Double { warmup ?? (device.hasPrefix("file:") ? 0 : 0.5) }

    /// The format written: `--format`, else what `-o`'s extension names, else JPEG.
    var stillFormat: StillFormat { format ?? outputExtension.flatMap(StillFormat.init(argument:)) ?? .jpeg }

    /// The extension of a file `-o` names (not of a folder, a device or a FIFO); nil for none.
    private var outputExtension: String? {
        guard let output, !output.hasSuffix("/"), SnapshotDevice(output: output) == nil else { return nil }
        var status = stat()
        if stat(output, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return nil }
        let name = output.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : String(ext)
    }

    /// A still is never written under another format's name: players and browsers trust it.
    private func outputProblem() -> String? {
        guard let output, let ext = outputExtension else { return nil }
        guard let named = StillFormat(argument: ext) else {
            return "-o \(output): name the still .jpg, .jpeg, .png or .webp (or leave the extension out: the format's is added)"
        }
        if let format, format != named {
            return "-o \(output) names a \(named.rawValue) file but --format is \(format.rawValue); make them agree"
        }
        return nil
    }
}
