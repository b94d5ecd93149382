import CamschedCore
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

@Suite struct MovieWriterTests {
    static func settings(fps: Double = 30, width: Int = 320, height: Int = 180) -> VideoEncoderSettings {
        VideoEncoderSettings(codec: .h264, encoderName: "libx264", quality: 23, preset: "ultrafast",
                             fps: fps, width: width, height: height, keyframeInterval: 1)
    }

    @Test func sixtyFramesComeBackInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mp4.partial")
        let writer = try MovieWriter(path: path, settings: Self.settings(), inputFormat: .yu12)
        for number in 0..<60 { try writer.append(try PatternSource.frame(number, at: Double(number) / 30)) }
        let stats = try writer.finish()
        #expect(stats.framesWritten == 60)
        #expect(stats.firstSequence == 0 && stats.lastSequence == 59)
        #expect(stats.encoderName == "libx264")
        #expect(try PatternSource.frameNumbers(in: path) == (0..<60).map { UInt32($0) })
    }

    /// A file that cannot be created (a full disk, a folder gone) is an error, not a crash:
    /// the muxer's context was freed twice.
    @Test func aFileThatCannotBeCreatedIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("gone/clip.mp4.partial")
        #expect(throws: AVError.self) {
            _ = try MovieWriter(path: path, settings: Self.settings(), inputFormat: .yu12)
        }
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    /// A file cut after its sixth frame is described by its sixth frame: PTS, sequence
    /// number and duration (the mean interval when the last sample has none).
    @Test func statsNarrowedToTheFramesKept() {
        var stats = MovieStats(encoderName: "libx264")
        for frame in 0..<10 { stats.noteFrame(pts: Int64(frame) * 3000, sequence: UInt32(100 + frame), timestampNanoseconds: 0) }
        stats.keep(upToPts: 15_000, frames: 6, lastDuration: 0)
        #expect(stats.framesWritten == 6 && stats.lastPts == 15_000 && stats.lastSequence == 105)
        #expect(abs(stats.durationSeconds - 0.2) < 1e-9, "\(stats.durationSeconds)")
    }

    @Test(arguments: [FourCC.yuyv, .nv12, .mjpg])
    func threeSecondsAreNinetyFramesInAPlainMP4(camera: FourCC) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mp4.partial")
        let writer = try MovieWriter(path: path, settings: Self.settings(), inputFormat: camera,
                                     metadata: MovieMetadata(title: "garden", runID: "run-42",
                                                             creationTime: Date(timeIntervalSince1970: 1_714_543_200)))
        #expect(writer.selection.convertsPixels == (camera != .nv12))
        for number in 0..<90 { try writer.append(try PatternSource.frame(number, at: Double(number) / 30, format: camera)) }
        let stats = try writer.finish()
        #expect(stats.framesWritten == 90)
        #expect(abs(stats.durationSeconds - 3) < 0.01)
        let (frames, duration) = try ExternalTool.countFrames(path)
        #expect(frames == 90)
        #expect(abs(duration - 3) < 0.05)
        let boxes = try ExternalTool.topLevelBoxes(path)
        #expect(!boxes.contains("moof"))
        #expect(boxes == ["ftyp", "mdat", "moov"], "finished in place, the index at the end")
        #expect(!FileManager.default.fileExists(atPath: path.path + ".remux"))
        let tags = try MovieReader(url: path).metadata
        #expect(tags["title"] == "garden")
        #expect(tags["comment"] == "camsched run run-42, encoder libx264")
        #expect(tags["creation_time"]?.hasPrefix("2024-05-01T06:00:00") == true)
        #expect(try PatternSource.frameNumbers(in: path) == (0..<90).map { UInt32($0) })
    }

    /// `output.faststart`: the index moved to the front by one more pass, every frame kept.
    @Test func faststartPutsTheIndexInFront() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("fast.mp4.partial")
        let writer = try MovieWriter(path: path, settings: Self.settings(), inputFormat: .yu12)
        for number in 0..<45 { try writer.append(try PatternSource.frame(number, at: Double(number) / 30)) }
        #expect(try writer.finish(faststart: true).framesWritten == 45)
        let boxes = try ExternalTool.topLevelBoxes(path)
        #expect(boxes.prefix(2) == ["ftyp", "moov"] && boxes.last == "mdat", "\(boxes)")
        #expect(try PatternSource.frameNumbers(in: path) == (0..<45).map { UInt32($0) })
        #expect(!FileManager.default.fileExists(atPath: path.path + ".remux"))
    }

    @Test func variableFrameRateKeepsRealTime() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("vfr.mp4.partial")
        let writer = try MovieWriter(path: path, settings: Self.settings(), inputFormat: .yu12)
        var times: [Double] = []
        for number in 0..<60 { times.append(Double(number) / 30) }           // 2 s at 30 fps
        for number in 0..<30 { times.append(2 + Double(number) / 15) }       // 2 s at 15 fps
        for (number, time) in times.enumerated() { try writer.append(try PatternSource.frame(number, at: time)) }
        let stats = try writer.finish()
        #expect(stats.framesWritten == 90)
        #expect(abs(stats.durationSeconds - 4) < 0.01)
        let decoded = try MovieReader(url: path).readAll()
        #expect(decoded.count == 90)
        let origin = decoded.first?.presentationSeconds ?? 0
        for (index, frame) in decoded.enumerated() {
            #expect(abs(frame.presentationSeconds - origin - times[index]) < 0.002, "frame \(index)")
        }
        #expect(abs(try ExternalTool.countFrames(path).duration - 4) < 0.05)
    }

    @Test func nonIncreasingTimestampsAreNudged() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("dup.mkv.partial")
        let writer = try MovieWriter(path: path, container: .mkv, settings: Self.settings(), inputFormat: .yu12)
        for (number, time) in [0.0, 0.033, 0.033, 0.02, 0.1].enumerated() {
            try writer.append(try PatternSource.frame(number, at: time))
        }
        let stats = try writer.finish()
        #expect(stats.framesWritten == 5)
        #expect(stats.adjustedTimestamps == 2)
        #expect(try PatternSource.frameNumbers(in: path) == [0, 1, 2, 3, 4])
    }

    @Test func rotationIsADisplayMatrix() throws {
        let directory = try TemporaryDirectory()
        for container in MovieContainer.allCases {
            let path = directory.file("rotated.\(container.fileExtension).partial")
            let writer = try MovieWriter(path: path, container: container, settings: Self.settings(), inputFormat: .yu12,
                                         rotation: 90)
            for number in 0..<10 { try writer.append(try PatternSource.frame(number, at: Double(number) / 30)) }
            _ = try writer.finish()
            let reader = try MovieReader(url: path)
            #expect(reader.width == 320 && reader.height == 180, "pixels are not rotated")
            if container == .mp4 {
                #expect(reader.displayRotation.map { abs($0 + 90) < 0.01 } == true)
                let json = try ExternalTool.probe(path, ["-select_streams", "v:0", "-show_streams"])
                let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
                let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
                #expect(sideData.contains { $0["side_data_type"] as? String == "Display Matrix" && ($0["rotation"] as? Int) == -90 })
            }
        }
    }

    @Test func matroskaWorks() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mkv.partial")
        let writer = try MovieWriter(path: path, container: .mkv, settings: Self.settings(), inputFormat: .yuyv,
                                     metadata: MovieMetadata(title: "garden", runID: "7"))
        for number in 0..<45 { try writer.append(try PatternSource.frame(number, at: Double(number) / 30, format: .yuyv)) }
        _ = try writer.finish()
        let (frames, duration) = try ExternalTool.countFrames(path)
        #expect(frames == 45)
        #expect(abs(duration - 1.5) < 0.05)
        #expect(try MovieReader(url: path).metadata["title"] == "garden")
        #expect(try PatternSource.frameNumbers(in: path) == (0..<45).map { UInt32($0) })
    }
}
