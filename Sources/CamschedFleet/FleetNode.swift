import Foundation

/// The name every row of this machine carries in the fleet catalog: `CAMSCHED_NODE`, else the
/// host name.
package enum FleetNode {
    /// The environment variable that names the node.
    package static let variable = "CAMSCHED_NODE"
    /// The longest node name accepted, in bytes.
    package static let maximumBytes = 255

    /// This machine's node name.
    /// - Throws: ``FleetError/invalidNode(_:)`` for a `CAMSCHED_NODE` that is empty, too long
    ///   or holds control characters.
    package static func current(environment: [String: String] = ProcessInfo.processInfo.environment) throws(FleetError) -> String {
        guard let name = environment[variable] else { return ProcessInfo.processInfo.hostName }
        guard !name.isEmpty, name.utf8.count <= maximumBytes,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidNode(name)
        }
        return name
    }
}
