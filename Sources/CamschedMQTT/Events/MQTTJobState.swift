import CamschedFiling
import Foundation

/// The retained state document of a job (`PREFIX/JOB/state`): every member always present,
/// `null` while unknown, so Home Assistant's value templates read them (`value_json.fps`).
struct MQTTJobState {
    /// `idle`, `running`, `waiting for camera` or `failed` (the last run's exit code was not 0).
    var state = "idle"
    var run: String?
    var fps: Double?
    var pressure: String?
    var freeBytes: Int64?
    var lastFile: String?
    var lastFileAt: Date?
    /// Files filed today (local time) by this job, across processes.
    var filesToday = 0
    var day = ""
    var stills = 0
    var segments = 0
    var lastExitCode: Int?
    var updatedAt = Date()

    static func dayKey(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Counts a filed file; a new day starts from 0.
    mutating func countFile(_ path: String, at date: Date) {
        let today = Self.dayKey(date)
        if today != day { (day, filesToday) = (today, 0) }
        filesToday += 1
        lastFile = path
        lastFileAt = date
    }

    /// `"DAY COUNT"`, as kept in the queue's file.
    var rememberedCount: String { "\(day) \(filesToday)" }

    mutating func restoreCount(_ text: String?, now: Date) {
        let parts = text?.split(separator: " ") ?? []
        guard parts.count == 2, let count = Int(parts[1]) else { return }
        day = String(parts[0])
        filesToday = day == Self.dayKey(now) ? count : 0
    }

    /// The document as published: every member, `null` while unknown.
    var document: Document {
        Document(state: state, run: OrNull(run), fps: OrNull(fps), pressure: OrNull(pressure), freeBytes: OrNull(freeBytes),
                 lastFile: OrNull(lastFile), lastFileAt: OrNull(lastFileAt), filesToday: day == Self.dayKey(Date()) ? filesToday : 0,
                 stills: stills, segments: segments, lastExitCode: OrNull(lastExitCode), updatedAt: updatedAt)
    }

    struct Document: Encodable, Sendable {
        var state: String
        var run: OrNull<String>
        var fps: OrNull<Double>
        var pressure: OrNull<String>
        var freeBytes: OrNull<Int64>
        var lastFile: OrNull<String>
        var lastFileAt: OrNull<Date>
        var filesToday: Int
        var stills, segments: Int
        var lastExitCode: OrNull<Int>
        var updatedAt: Date
    }
}
