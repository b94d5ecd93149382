extension String {
    /// Decodes a fixed-size, NUL-padded C character array imported as a tuple.
    init<Tuple>(fixedCString tuple: Tuple) {
        self = withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
