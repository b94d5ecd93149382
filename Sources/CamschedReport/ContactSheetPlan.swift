import Foundation

/// Which pictures a contact sheet shows: every still and a frame every so often from each
/// video, at most ``maxTiles`` in all (sampled evenly), in time order.
public enum ContactSheetPlan {
    /// The most tiles a sheet shows: bounds the report's size and the PNG's memory.
    public static let maxTiles = 100
    /// The periods a video is sampled at, in seconds: the smallest that keeps the run's
    /// frames within ``maxTiles`` is used.
    static let periods: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 86400]

    /// The tiles of `report`.
    public static func tiles(_ report: RunReport, maxTiles: Int = maxTiles) -> [ContactSheetTile] {
        var tiles = report.stills.map { ContactSheetTile(source: .still($0.url), file: $0.sidecar.file, time: $0.sidecar.startedAt) }
        let videos = report.videos
        let period = samplingPeriod(durations: videos.map(duration), maxTiles: maxTiles)
        for video in videos {
            for offset in offsets(duration: duration(video), period: period) {
                tiles.append(ContactSheetTile(source: .video(video.url, seconds: offset), file: video.sidecar.file,
                                              time: video.sidecar.startedAt.addingTimeInterval(offset)))
            }
        }
        tiles.sort { ($0.time, $0.file) < ($1.time, $1.file) }
        return evenly(tiles, count: maxTiles)
    }

    /// The smallest of ``periods`` at which the videos give at most `maxTiles` frames.
    public static func samplingPeriod(durations: [Double], maxTiles: Int) -> Double {
        periods.first { period in durations.reduce(0) { $0 + offsets(duration: $1, period: period).count } <= maxTiles }
            ?? periods[periods.count - 1]
    }

    /// 0, period, 2·period … up to half a period before `duration` (a 2 s file gives 0 and 1 at
    /// a 1 s period, whether its span measures 1.98 s or 2.02 s); at least the first frame.
    public static func offsets(duration: Double, period: Double) -> [Double] {
        guard duration.isFinite, duration > 0, period > 0 else { return [0] }
        let count = Int((duration / period - 0.5 + 1e-9).rounded(.down)) + 1
        return (0..<max(1, count)).map { Double($0) * period }
    }

    /// `count` elements of `items` spread evenly from the first to the last (all when fewer).
    public static func evenly<T>(_ items: [T], count: Int) -> [T] {
        guard items.count > count, count > 0 else { return count > 0 ? items : [] }
        if count == 1 { return [items[0]] }
        return (0..<count).map { items[($0 * (items.count - 1) + (count - 1) / 2) / (count - 1)] }
    }

    private static func duration(_ file: RunReport.File) -> Double {
        max(0, file.sidecar.endedAt.timeIntervalSince(file.sidecar.startedAt))
    }
}
