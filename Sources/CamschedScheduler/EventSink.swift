import Foundation
import Synchronization

/// Where a run's events go: NDJSON on stdout (`--json`), a live progress line on a terminal,
/// or nowhere. Human logs go to stderr through swift-log, separately.
public final class EventSink: Sendable {
    private let json: Bool
    private let output: Mutex<FileHandleBox>

    public init(json: Bool, output: FileHandle = .standardOutput) {
        self.json = json
        self.output = Mutex(FileHandleBox(handle: output))
    }

    /// Emits an event (a line of JSON with `--json`; otherwise nothing here).
    public func emit(_ event: RunEvent) {
        guard json else { return }
        let line = event.jsonLine() + "\n"
        output.withLock { $0.handle.write(Data(line.utf8)) }
    }
}

struct FileHandleBox: @unchecked Sendable {
    let handle: FileHandle
}
