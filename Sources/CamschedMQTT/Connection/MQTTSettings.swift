import CamschedFleet
import CamschedJobs
import Foundation

/// A job's `mqtt` block resolved for a connection: the topics, the client id and the password
/// read from its file or variable.
package struct MQTTSettings: Sendable {
    package let spec: MQTTSpec
    package let topics: MQTTTopics
    package let clientID: String
    /// The password, when there is a user; never logged (``description`` leaves it out).
    let password: String?
    /// Where ``password`` came from (the job's file or variable, or `CAMSCHED_MQTT_PASSWORD`);
    /// nil when none was read. What a refused login names.
    package let passwordSource: MQTTPasswordSource?

    /// Resolves `spec` for `job` on this node.
    /// - Throws: ``MQTTError/password(_:)`` when the password's file or variable cannot be read.
    package init(spec: MQTTSpec, job: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(MQTTError) {
        let node = (try? FleetNode.current(environment: environment)) ?? ProcessInfo.processInfo.hostName
        self.spec = spec
        topics = MQTTTopics(prefix: spec.topicPrefix, node: node, job: job)
        clientID = spec.clientID ?? String("camsched-\(MQTTTopics.level(node))-\(MQTTTopics.level(job))".prefix(200)) + "-\(getpid())"
        if spec.username != nil {
            let source = spec.password ?? (environment[MQTTPasswordSource.defaultVariable] != nil ? .environment(MQTTPasswordSource.defaultVariable) : nil)
            do { password = try source?.load(environment: environment) } catch { throw .password(error) }
            passwordSource = source
        } else {
            (password, passwordSource) = (nil, nil)
        }
    }
}
