import Foundation
import CamschedFiling

/// A document with the `id` MQTT adds to every event it publishes (a UUID, lowercase), so that
/// a subscriber can drop a message the broker delivered twice (QoS 1 is at least once).
struct IdentifiedDocument<Document: Encodable>: Encodable {
    let id: String
    let document: Document

    init(_ document: Document, id: String = UUID().uuidString.lowercased()) {
        self.id = id
        self.document = document
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKey.self)
        try container.encode(id, forKey: "id")
        try document.encode(to: encoder)
    }
}
