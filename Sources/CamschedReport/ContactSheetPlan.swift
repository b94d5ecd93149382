import Foundation

/// Which pictures a contact sheet shows: every still and a frame every so often from each
/// video, at most ``maxTiles`` in all (sampled evenly), in time order.
package enum ContactSheetPlan {
    /// The most tiles a sheet shows: bounds the report's size and the PNG's memory.
    package static let maxTiles = 100
    /// The periods a video is sampled at, in seconds: the smallest that keeps the run's
    /// frames within ``maxTiles`` is used.
    static let periods: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 86400]

    /// The tiles of `report`, and how many pictures there were before sampling down to
    /// `maxTiles` (every still, and every frame at the sampling period).
    package static func tiles(_ report: RunReport, maxTiles: Int = maxTiles) -> (tiles: [ContactSheetTile], available: Int) {
        var tiles = report.stills.map { ContactSheetTile(source: .still($0.url), file: $0.sidecar.file, time: $0.sidecar.startedAt) }
        let videos = report.videos
        let period = samplingPeriod(durations: videos.map(duration), maxTiles: maxTiles)
        var available = tiles.count
        for video in videos {
            let count = offsetCount(duration: duration(video), period: period)
            available += count
            // Never more than the sheet shows from one file: a sidecar claiming a ten-year file
            // must not make a list of millions.
            for index in evenlyIndices(count: count, keeping: maxTiles) {
                let offset = Double(index) * period
                tiles.append(ContactSheetTile(source: .video(video.url, seconds: offset), file: video.sidecar.file,
                                              time: video.sidecar.startedAt.addingTimeInterval(offset)))
            }
        }
        tiles.sort { ($0.time, $0.file) < ($1.time, $1.file) }
        return (evenly(tiles, count: maxTiles), available)
    }

    /// The smallest of ``periods`` at which the videos give at most `maxTiles` frames.
    package static func samplingPeriod(durations: [Double], maxTiles: Int) -> Double {
        periods.first { period in durations.reduce(0) { $0 + offsetCount(duration: $1, period: period) } <= maxTiles }
            ?? periods[periods.count - 1]
    }

    /// How many frames a file of `duration` seconds gives at `period`: 0, period, 2·period …
    /// up to half a period before its end (a 2 s file gives 2 at a 1 s period, whether its span
    /// measures 1.98 s or 2.02 s); at least the first frame.
    package static func offsetCount(duration: Double, period: Double) -> Int {
        guard duration.isFinite, duration > 0, period > 0 else { return 1 }
        return Int(min(max((duration / period - 0.5 + 1e-9).rounded(.down) + 1, 1), 1e12))
    }

    /// The offsets themselves (at most `limit`, spread evenly).
    package static func offsets(duration: Double, period: Double, limit: Int = maxTiles) -> [Double] {
        evenlyIndices(count: offsetCount(duration: duration, period: period), keeping: limit).map { Double($0) * period }
    }

    /// `count` elements of `items` spread evenly from the first to the last (all when fewer).
    package static func evenly<T>(_ items: [T], count: Int) -> [T] {
        evenlyIndices(count: items.count, keeping: count).map { items[$0] }
    }

    /// `keeping` indices of `0..<count` spread evenly from the first to the last (all when fewer).
    static func evenlyIndices(count: Int, keeping: Int) -> [Int] {
        guard keeping > 0, count > 0 else { return [] }
        guard count > keeping else { return Array(0..<count) }
        if keeping == 1 { return [0] }
        return (0..<keeping).map { ($0 * (count - 1) + (keeping - 1) / 2) / (keeping - 1) }
    }

    private static func duration(_ file: RunReport.File) -> Double {
        max(0, file.sidecar.endedAt.timeIntervalSince(file.sidecar.startedAt))
    }
}
