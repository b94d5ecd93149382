import CamschedFiling
import Synchronization

/// Which connection sends a row of the durable queue: the process (``ProcessIdentity``) and
/// the connection within it.
///
/// Two camsched processes with the same job and root (a `run` beside the `daemon`), or a
/// daemon's old and new connection of a job across a reload, share `ROOT/.mqtt/JOB.sqlite`.
/// Each row names its sender, so that only one of them sends it: the connection that queued it
/// while it is open, and once that connection or its process is gone (a run that ended before
/// the broker came back, one killed with SIGKILL) the first other connection that finds it.
struct MQTTQueueSender: Sendable, Hashable, CustomStringConvertible {
    let process: ProcessIdentity
    let connection: Int

    /// The connections of this process that are open (sending, or trying to reach the broker).
    private static let open = Mutex(Set<Int>())
    private static let serial = Atomic(0)

    private init(process: ProcessIdentity, connection: Int) {
        self.process = process
        self.connection = connection
    }

    /// Reads the ``description`` form back; nil for anything else (such a row is anyone's).
    init?(_ text: String) {
        guard let hash = text.lastIndex(of: "#"), let connection = Int(text[text.index(after: hash)...]),
              let process = ProcessIdentity(String(text[..<hash])) else { return nil }
        self.init(process: process, connection: connection)
    }

    /// A new connection of this process, open until ``close()``.
    static func opened() -> MQTTQueueSender {
        let connection = serial.add(1, ordering: .relaxed).newValue
        open.withLock { _ = $0.insert(connection) }
        return MQTTQueueSender(process: .current, connection: connection)
    }

    /// `PID/START/BOOT#CONNECTION`, as kept in the queue's `sender` column.
    var description: String { "\(process)#\(connection)" }

    /// Whether this sender may still send its rows: an open connection of this process, or a
    /// connection of another process that is still running.
    var isLive: Bool {
        process == .current ? Self.open.withLock { $0.contains(connection) } : process.isRunning
    }

    /// The connection sends nothing more: its rows are anyone's.
    func close() {
        guard process == .current else { return }
        _ = Self.open.withLock { $0.remove(connection) }
    }
}
