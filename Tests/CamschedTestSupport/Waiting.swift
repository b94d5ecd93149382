import Foundation

/// Waiting for what a test is waiting for — a condition, a file, an event line — instead of
/// sleeping a fixed time: each polls every 10 ms and gives up after `seconds`, so a slow machine
/// only makes a test slower, never wrong, and a fast one does not wait at all.
package enum Wait {
    /// Whether `condition` held within `seconds`.
    @discardableResult
    package static func until(seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try condition() { return true }
            if Date() >= deadline { return false }
            usleep(10_000)
        }
    }

    /// Whether `url` exists within `seconds`.
    @discardableResult
    package static func forFile(_ url: URL, seconds: Double = 10) -> Bool {
        until(seconds: seconds) { FileManager.default.fileExists(atPath: url.path) }
    }

    /// The first JSON line of `url` (a `--json` run's stdout) whose `event` is `name`, once it
    /// is there; nil if it did not come within `seconds`.
    package static func forEvent(_ name: String, in url: URL, seconds: Double = 10) -> [String: Any]? {
        var found: [String: Any]?
        until(seconds: seconds) {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            found = text.split(separator: "\n").lazy.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }.first { $0["event"] as? String == name }
            return found != nil
        }
        return found
    }

    /// Whether `condition` held within `seconds`, asking it at most every `interval` seconds:
    /// for a condition that costs (a request to a server, a process started to ask).
    @discardableResult
    package static func until(seconds: Double, every interval: Double, _ condition: () -> Bool) -> Bool {
        var nextCheck = Date.distantPast
        return until(seconds: seconds) {
            guard Date() >= nextCheck else { return false }
            nextCheck = Date().addingTimeInterval(interval)
            return condition()
        }
    }

    /// Whether `condition` held within `seconds`, for async tests: suspends between checks
    /// (every 10 ms) instead of blocking a thread of the cooperative pool, which the code under
    /// test may need to make the condition true.
    @discardableResult
    package static func suspendingUntil(seconds: Double = 10, _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try await condition() { return true }
            if Date() >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
