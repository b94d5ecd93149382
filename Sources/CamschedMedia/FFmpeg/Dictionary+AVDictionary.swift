internal import CFFmpegShim

extension Dictionary where Key == String, Value == String {
    /// Copies an `AVDictionary`'s entries.
    init(entries dictionary: OpaquePointer?) {
        self.init()
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            self[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
            entry = next
        }
    }
}
