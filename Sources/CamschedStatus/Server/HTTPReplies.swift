import CamschedFiling
import Foundation
import Hummingbird
import HummingbirdCore

/// The name type of HTTP header fields (swift-http-types' `HTTPField.Name`, reached through Hummingbird).
typealias HTTPFieldName = HTTPFields.Element.Name

/// Small response builders shared by the routes.
enum HTTPReplies {
    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// A typed answer, written as every camsched document is (``JSONDocument``).
    static func document(_ answer: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: JSONDocument.bytes(answer))))
    }

    static func bytes(_ data: some Sequence<UInt8>, type: String, cache: String = "no-store") -> Response {
        var response = Response(status: .ok, headers: [.contentType: type, .cacheControl: cache],
                                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        if let name = HTTPFieldName("X-Content-Type-Options") { response.headers[name] = "nosniff" }
        return response
    }
}
