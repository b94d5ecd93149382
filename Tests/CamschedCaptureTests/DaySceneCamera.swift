@testable import CamschedCapture
import CamschedCore
import CamschedMedia
import Foundation
import Testing

/// A `test:?scene=day&pace=fast` camera for the day-scene tests, and the measurements they take
/// of its frames.
struct DaySceneCamera {
    let camera: Camera
    let format: CameraFormat

    /// The camera of `uri` (a `test:` URI; `pace=fast` is added), opened and streaming.
    init(_ query: String, pixelFormat: FourCC = .yu12, key: String = #function) throws {
        let uri = try DeviceURI(parsing: "test:?scene=day&pace=fast&\(query)")
        guard case .test(var options) = uri else { throw CameraError.invalidState("not a test camera") }
        options.pixelFormat = pixelFormat
        camera = Camera.synthetic(options: options, uri: "test:day-\(key)-\(query)-\(pixelFormat)")
        try camera.open()
        let mode = try #require(camera.currentMode())
        format = try camera.configure(mode: mode, fps: options.fps)
        try camera.startStreaming()
    }

    /// Manual exposure: `exposure_time_absolute` (100 µs units) and `gain` (hundredths).
    func manual(exposure: Int64, gain: Int64 = 100) throws {
        _ = try camera.setControl(.meaning(.autoExposure), to: .boolean(false))
        _ = try camera.setControl(.meaning(.exposureTime), to: .integer(exposure))
        _ = try camera.setControl(.meaning(.gain), to: .integer(gain))
    }

    func next() throws -> VideoFrame { try #require(try camera.nextFrame(timeout: .seconds(5))) }

    /// The first row of the scene: below the two code rows.
    var sceneTop: Int { 2 * (SyntheticPattern.blockSize(width: format.width, height: format.height)?.height ?? 16) }

    /// Luma of a raw frame's rows `rows`, row by row.
    static func luma(_ frame: VideoFrame, rows: Range<Int>) -> [UInt8] {
        let step = frame.pixelFormat == .yuyv ? 2 : 1
        var values: [UInt8] = []
        values.reserveCapacity(rows.count * frame.width)
        for y in rows {
            for x in 0..<frame.width { values.append(frame.bytes[y * frame.bytesPerLine + x * step]) }
        }
        return values
    }

    /// Mean brightness of the scene (below the code rows): 0 black, 1 white (luma 16…235).
    func sceneMean(_ frame: VideoFrame) -> Double {
        (Self.mean(Self.luma(frame, rows: sceneTop..<frame.height)) - 16) / 219
    }

    /// Mean brightness of the whole frame, as the auto exposure meters it.
    static func frameMean(_ frame: VideoFrame) -> Double {
        (mean(luma(frame, rows: 0..<frame.height)) - 16) / 219
    }

    static func mean(_ values: [UInt8]) -> Double {
        Double(values.reduce(0) { $0 + Int($1) }) / Double(max(1, values.count))
    }

    /// A frame's control values by name.
    static func control(_ frame: VideoFrame, _ name: String) -> Int64? { frame.metadata.controls[name] }

    /// Berlin's solar noon on 21 June 2026, and the first minute after it the sun is below `elevation`.
    static let berlin = SolarCalculator(location: GeoLocation(latitude: 52.52, longitude: 13.40))
    static let noon = Date(timeIntervalSince1970: berlin.solarNoon(year: 2026, month: 6, day: 21, in: TimeZone(identifier: "UTC") ?? .gmt)
        .timeIntervalSince1970.rounded())
    static func afterNoon(below elevation: Double) -> Date {
        var time = noon
        while berlin.elevation(at: time) >= elevation { time += 60 }
        return time
    }

    static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
