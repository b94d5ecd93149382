import CamschedJobs

/// The broker refused camsched's login (CONNACK "bad user name or password" or "not
/// authorised"): not a broker that is away — waiting does not help, the job's `mqtt` block or
/// the broker's users must change. Says which user, with the password from where, and what
/// to correct; never the password.
package struct MQTTLoginRefusal: Sendable, Equatable, CustomStringConvertible {
    /// The broker, as the job names it (``MQTTBrokerURL/description``).
    package var broker: String
    /// libmosquitto's text of the CONNACK code.
    package var reason: String
    /// `mqtt.username`; nil: camsched logged in without one.
    package var user: String?
    /// Where the password came from; nil: none was sent.
    package var passwordSource: MQTTPasswordSource?

    /// The CONNACK codes of a refused login: MQTT 3.1.1's 4 (bad user name or password) and
    /// 5 (not authorised), and MQTT 5's 134 and 135 for the same.
    static let codes: Set<Int32> = [4, 5, 134, 135]

    package var description: String {
        let meanwhile = "; until then nothing is sent to it and events wait in the queue"
        let fix = "the broker's password_file (mosquitto_passwd) and ACL"
        guard let user else {
            return "MQTT: the broker \(broker) refused the connection without a login (\(reason)): set mqtt.username and "
                + "mqtt.password ({\"file\": PATH} or {\"environment\": NAME}) in the job to a user of \(fix)\(meanwhile)"
        }
        let who = "the login of user \"\(user)\""
        guard let passwordSource else {
            return "MQTT: the broker \(broker) refused \(who) (\(reason)), sent without a password (the job's mqtt.password is "
                + "not set, nor is \(MQTTPasswordSource.defaultVariable)): set mqtt.password to {\"file\": PATH} or "
                + "{\"environment\": NAME} holding that user's password in \(fix)\(meanwhile)"
        }
        return "MQTT: the broker \(broker) refused \(who) (\(reason)) with the password from \(passwordSource): correct that "
            + "password, or mqtt.username in the job, to match \(fix)\(meanwhile)"
    }
}
