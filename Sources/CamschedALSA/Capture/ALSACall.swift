import CamschedCore

/// alsa-lib's calls return a negative error number instead of setting `errno`; this makes one
/// on camsched's one errno path (``SystemCall``): a call interrupted by a signal is made again,
/// and its result — a count, or a negative error number — comes back as alsa-lib gave it.
enum ALSACall {
    static func result<Value: FixedWidthInteger & SignedInteger>(_ body: () -> Value) -> Value {
        var value: Value = 0
        let code = SystemCall.errorNumber {
            value = body()
            return value < 0 ? Int32(truncatingIfNeeded: -value) : 0
        }
        return code == 0 ? value : -Value(code)
    }
}
