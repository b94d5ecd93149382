/// glibc's `malloc_trim`: returns freed heap memory to the system. Not in Swift's Glibc module
/// (it lives in `<malloc.h>`), so it is declared here by its C name.
@_silgen_name("malloc_trim")
private func c_malloc_trim(_ pad: Int) -> Int32

enum MemoryTrim {
    /// Hands memory that was freed (an encoder's buffers after a segment) back to the system.
    static func releaseFreedMemory() { _ = c_malloc_trim(0) }
}
