/// The topics of one job, all under `PREFIX/JOB/`: `event/KIND` (one topic per kind of event,
/// QoS 1, not retained), `state` (retained), `availability` (retained `online`, and `offline` as
/// the last will), `command/VERB` (subscribed).
package struct MQTTTopics: Sendable, Equatable {
    /// The first levels of every topic: the job's `mqtt.topicPrefix`, else `camsched/NODE`.
    package let prefix: String
    /// The machine's node name (`CAMSCHED_NODE`, else the host name, as in the fleet catalog).
    package let node: String
    /// The job's name.
    package let job: String

    package init(prefix: String?, node: String, job: String) {
        self.node = node
        self.job = job
        self.prefix = prefix ?? "camsched/" + Self.level(node)
    }

    /// `PREFIX/JOB`: the job's own levels.
    package var base: String { "\(prefix)/\(Self.level(job))" }
    /// `PREFIX/JOB/event/KIND`.
    package func event(_ kind: String) -> String { "\(base)/event/\(kind)" }
    /// `PREFIX/JOB/state`: the retained state document.
    package var state: String { "\(base)/state" }
    /// `PREFIX/JOB/availability`: `online` while connected, `offline` (the last will) otherwise.
    package var availability: String { "\(base)/availability" }
    /// `PREFIX/JOB/command/VERB`.
    package func command(_ verb: String) -> String { "\(base)/command/\(verb)" }

    /// A name made safe as one topic level: `/`, `+`, `#` and control characters become `_`.
    package static func level(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar == "/" || scalar == "+" || scalar == "#" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : scalar
        }))
    }
}
