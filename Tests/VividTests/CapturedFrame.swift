import CamschedV4L2

/// What a test keeps of one dequeued buffer (its memory goes back to the driver at once).
struct CapturedFrame: Sendable {
    let sequence: UInt32
    let timestampNanoseconds: Int64
    let bytesUsed: Int
    let hasError: Bool
}
