internal import CFFmpegShim

/// FFmpeg's shared libraries, loaded when the first command that encodes, decodes or muxes
/// needs them (JPEG stills from a YUV camera, `validate`, `plan` and `devices` never do).
///
/// Every media entry point that calls into libav calls ``load()`` first, so a system without
/// FFmpeg gets an error naming the package to install instead of a crash halfway through.
package enum FFmpegLibraries {
    /// Loads libavutil, libavcodec, libavformat and libswscale if they are not loaded yet.
    /// Cheap once they are.
    /// - Throws: `MediaError.libraryMissing` naming the first library that could not be loaded,
    ///   its Debian package and the loader's reason.
    /// The corresponding C call is `dlopen`.
    package static func load() throws(MediaError) {
        var reason = [CChar](repeating: 0, count: 512)
        let failed = cs_av_load_libraries(&reason, reason.count)
        guard failed >= 0 else { return }
        throw .libraryMissing(name: String(cString: cs_av_library_soname(failed)),
                              package: String(cString: cs_av_library_package(failed)),
                              reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
