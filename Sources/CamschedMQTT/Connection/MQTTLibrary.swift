import CMosquittoShim

/// libmosquitto, opened on first use with the callbacks every connection shares.
enum MQTTLibrary {
    /// - Throws: ``MQTTError/library(_:)`` naming what is missing.
    static func load() throws(MQTTError) {
        var failure = [CChar](repeating: 0, count: 512)
        guard cm_load(&failure, failure.count) == 0 else {
            throw .library(String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        cm_set_handlers(
            { context, code in MQTTConnection.from(context)?.connected(code) },
            { context, code in MQTTConnection.from(context)?.disconnected(code) },
            { context, mid in MQTTConnection.from(context)?.acknowledged(mid) },
            { context, topic, payload, length, retained in
                let bytes = payload.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(max(length, 0)))) } ?? []
                let message = MQTTMessage(topic: String(cString: topic), payload: bytes, retain: retained)
                MQTTConnection.from(context)?.received(message)
            })
    }
}
