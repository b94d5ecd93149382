/// The topics of one job, all under `PREFIX/JOB/`: `event/KIND` (one topic per kind of event,
/// QoS 1, not retained), `state` (retained), `availability` (retained `online`, and `offline` as
/// the last will), `command/VERB` (subscribed).
public struct MQTTTopics: Sendable, Equatable {
    /// The first levels of every topic: the job's `mqtt.topicPrefix`, else `camsched/NODE`.
    public let prefix: String
    /// The machine's node name (`CAMSCHED_NODE`, else the host name, as in the fleet catalog).
    public let node: String
    /// The job's name.
    public let job: String

    public init(prefix: String?, node: String, job: String) {
        self.node = node
        self.job = job
        self.prefix = prefix ?? "camsched/" + Self.level(node)
    }

    /// `PREFIX/JOB`: the job's own levels.
    public var base: String { "\(prefix)/\(Self.level(job))" }
    /// `PREFIX/JOB/event/KIND`.
    public func event(_ kind: String) -> String { "\(base)/event/\(kind)" }
    /// `PREFIX/JOB/state`: the retained state document.
    public var state: String { "\(base)/state" }
    /// `PREFIX/JOB/availability`: `online` while connected, `offline` (the last will) otherwise.
    public var availability: String { "\(base)/availability" }
    /// `PREFIX/JOB/command/VERB`.
    public func command(_ verb: String) -> String { "\(base)/command/\(verb)" }

    /// A name made safe as one topic level: `/`, `+`, `#` and control characters become `_`.
    public static func level(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar == "/" || scalar == "+" || scalar == "#" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : scalar
        }))
    }
}
