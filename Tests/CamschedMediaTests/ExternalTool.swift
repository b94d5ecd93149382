import Foundation

/// Runs ffprobe, exiftool and friends and returns their standard output.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                          + String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `ffprobe -of json` with the given arguments, parsed.
    static func probe(_ url: URL, _ arguments: [String]) throws -> [String: Any] {
        let text = try run("ffprobe", ["-v", "error", "-of", "json"] + arguments + [url.path])
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    /// The video stream's counted frames and the container's duration.
    static func countFrames(_ url: URL) throws -> (frames: Int, duration: Double) {
        let json = try probe(url, ["-count_frames", "-select_streams", "v:0",
                                   "-show_entries", "stream=nb_read_frames:format=duration"])
        let streams = json["streams"] as? [[String: Any]] ?? []
        let frames = Int(streams.first?["nb_read_frames"] as? String ?? "") ?? -1
        let format = json["format"] as? [String: Any] ?? [:]
        let duration = Double(format["duration"] as? String ?? "") ?? -1
        return (frames, duration)
    }

    /// The four-character box types at the top level of an ISO BMFF (MP4) file.
    static func topLevelBoxes(_ url: URL) throws -> [String] {
        let data = try Data(contentsOf: url)
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= data.count {
            let start = data.startIndex + offset
            var size = data[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: data[start + 4..<start + 8], as: UTF8.self))
            if size == 1, offset + 16 <= data.count {
                size = data[start + 8..<start + 16].reduce(0) { $0 << 8 | Int($1) }
            }
            if size == 0 { break }
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }
}
