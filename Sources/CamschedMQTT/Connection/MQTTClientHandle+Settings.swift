import CMosquittoShim

/// A client set up as a job's `mqtt` block says, and what a broker's refusal means.
extension MQTTClientHandle {
    /// A new client with `will` as its last will, the job's login and TLS, connecting to the
    /// job's broker with its network thread started (the CONNACK comes to `context`'s callbacks).
    static func connecting(_ settings: MQTTSettings, will: MQTTMessage, context: UnsafeMutableRawPointer) throws(MQTTError) -> MQTTClientHandle {
        let client = try MQTTClientHandle(clientID: settings.clientID, context: context)
        try check(cm_will_set(client.pointer, will.topic, will.payload, Int32(will.payload.count), 1, true), "setting the last will")
        if let user = settings.spec.username {
            try check(cm_set_login(client.pointer, user, settings.password), "setting the login")
        }
        if settings.spec.broker.tls {
            let caPath: String? = settings.spec.caFile == nil ? "/etc/ssl/certs" : nil
            try check(cm_set_tls(client.pointer, settings.spec.caFile, caPath), "setting up TLS")
        }
        let broker = settings.spec.broker
        try check(cm_connect(client.pointer, broker.host, Int32(broker.port), 30), "connecting to \(broker)")
        try check(cm_loop_start(client.pointer), "starting the network thread")
        return client
    }

    /// Why the broker did not accept the connection: its CONNACK `code`, nil when none came.
    static func refusal(_ code: Int32?, _ settings: MQTTSettings) -> MQTTError {
        let broker = settings.spec.broker
        if let code, MQTTLoginRefusal.codes.contains(code) {
            return .loginRefused(MQTTLoginRefusal(broker: "\(broker)", reason: String(cString: cm_connack_string(code)),
                                                  user: settings.spec.username, passwordSource: settings.passwordSource))
        }
        let hint = broker.tls ? " (over TLS: is caFile the CA that signed the broker's certificate?)" : ""
        return .refused(code.map { String(cString: cm_connack_string($0)) } ?? "no answer to the connection\(hint)")
    }
}
