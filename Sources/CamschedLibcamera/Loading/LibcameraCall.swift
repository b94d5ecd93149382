internal import CLibcameraAPI

/// The one path of the shim's calls that fail with a negative errno and a sentence.
enum LibcameraCall {
    static let messageSize = 512

    /// Runs `body` with a message buffer; a negative result becomes `LibcameraError.failed`.
    @discardableResult
    static func run(_ operation: String,
                    _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(LibcameraError) -> Int32 {
        var message = [CChar](repeating: 0, count: messageSize)
        let result = message.withUnsafeMutableBufferPointer { buffer in
            body(buffer.baseAddress!, buffer.count)
        }
        guard result < 0 else { return result }
        throw .failed(operation: operation, code: -result, message: text(message))
    }

    /// A NUL-terminated C buffer as a String.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A fixed C char array (a tuple, as Swift imports `char name[48]`) as a String.
    static func text<T>(tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
