import CamschedCore
import Foundation

/// Saves what plays of a recording cut off by a crash, a kill or a power cut.
package enum MovieRecovery {
    /// Saves the playable part of `partial`. A fragmented MP4 (camsched's own, whose finish was
    /// cut off) is finished where it lies with the samples it holds (``MP4InPlaceFinish``): the
    /// result's `output` is then `partial` itself. Anything else — an MKV, an MP4 that cannot be
    /// finished in place — is remuxed up to its last complete frame into a clean `output`
    /// (MP4 with the index in front, or MKV with cues; by `output`'s extension, else the
    /// partial's), written beside it as `*.recovering` and renamed when complete; `partial` is
    /// then left for the caller to delete.
    /// - Returns: frames and duration saved, or nil when nothing plays (no output is left).
    /// - Throws: `MediaError.libraryMissing` without FFmpeg, `AVError`/`MediaError` only for failures writing the output; an unreadable
    ///   partial is "nothing plays".
    package static func recover(partial: URL, to output: URL) throws -> RecoveredMovie? {
        try FFmpegLibraries.load()
        let container = MovieContainer(pathExtensionOf: output.path)
            ?? MovieContainer(pathExtensionOf: partial.path) ?? .mp4
        if container == .mp4, let finished = try? MP4InPlaceFinish.finish(path: partial.path) {
            return RecoveredMovie(output: partial, frames: finished.samples, durationSeconds: finished.durationSeconds)
        }
        let temporary = URL(fileURLWithPath: output.path + ".recovering")
        let result: MovieRemuxer.Result
        do {
            result = try MovieRemuxer.remux(input: partial, output: temporary, container: container, tolerant: true)
        } catch let error as AVError where error.call.hasPrefix("avformat_open_input") || error.call.hasPrefix("av_read_frame") {
            return nil
        } catch MediaError.noVideoStream {
            return nil
        }
        guard result.frames > 0 else { return nil }
        FileSync.sync(path: temporary.path)
        try FileSync.replace(output.path, with: temporary.path)
        FileSync.syncDirectory(of: output.path)
        return RecoveredMovie(output: output, frames: result.frames, durationSeconds: result.durationSeconds)
    }
}
