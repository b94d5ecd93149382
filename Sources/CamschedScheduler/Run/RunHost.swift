import Foundation

/// The machine a run happens on, as catalog rows and recovered files name it.
enum RunHost {
    static let name: String = ProcessInfo.processInfo.hostName
}
