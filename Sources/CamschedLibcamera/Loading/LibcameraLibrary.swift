internal import CLibcameraAPI
import Foundation
import Synchronization

/// camsched's libcamera module, opened with `dlopen` the first time a libcamera camera is asked
/// for: the camsched binary never links libcamera, so it runs (and every other camera works) on
/// a machine without it, and a libcamera camera there fails with one sentence naming the
/// package to install.
package final class LibcameraLibrary: Sendable {
    /// The module's path, the libcamera version it was compiled against and the one loaded.
    package let path: String
    package let compiledVersion: String
    package let runtimeVersion: String
    /// The shim's table of functions, which lives as long as the process and is never written.
    nonisolated(unsafe) let api: UnsafePointer<csl_api>

    private init(path: String, api: UnsafePointer<csl_api>) {
        self.path = path
        self.api = api
        compiledVersion = String(cString: api.pointee.compiled_version())
        runtimeVersion = String(cString: api.pointee.runtime_version())
    }

    private static let loaded = Mutex<LibcameraLibrary?>(nil)

    /// Loads the module once (later calls return the same one); a failure is tried again next time.
    /// - Throws: `LibcameraError.libraryMissing` (libcamera not installed), `.shimMissing`,
    ///   `.shimUnusable`.
    /// The corresponding C call is `dlopen`.
    package static func load() throws(LibcameraError) -> LibcameraLibrary {
        try loaded.withLock { (library: inout LibcameraLibrary?) throws(LibcameraError) -> LibcameraLibrary in
            if let library { return library }
            let opened = try open(candidates: LibcameraShimLocation.candidates())
            library = opened
            return opened
        }
    }

    /// Opens the first of `candidates` that exists.
    package static func open(candidates: [String]) throws(LibcameraError) -> LibcameraLibrary {
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .shimMissing(searched: candidates)
        }
        // RTLD_LOCAL: libcamera's symbols stay behind this handle. The handle is never closed:
        // libcamera's threads and statics live as long as the process.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw Self.loadError(path: path, dlerror: dlerror().map { String(cString: $0) } ?? "unknown dlopen failure")
        }
        guard let symbol = dlsym(handle, CSL_API_SYMBOL) else {
            throw .shimUnusable(path: path, reason: "it has no \(CSL_API_SYMBOL): it is not camsched's libcamera module")
        }
        let entry = unsafeBitCast(symbol, to: csl_api_entry.self)
        guard let api = entry(CSL_ABI_VERSION) else {
            throw .shimUnusable(path: path, reason: "it was built by another version of camsched: install the one built with this camsched")
        }
        return LibcameraLibrary(path: path, api: api)
    }

    /// The error for a `dlopen` failure: a missing libcamera library (the usual case on a
    /// machine without libcamera) names its Debian package, built from the soname the loader
    /// reports (`libcamera.so.0.0.3` → `libcamera0.0.3`, `libcamera-base.so.0.4` → `libcamera0.4`).
    package static func loadError(path: String, dlerror text: String) -> LibcameraError {
        let missing = /(libcamera(?:-base)?\.so\.([0-9.]+)): cannot open shared object file/
        if let match = text.firstMatch(of: missing) {
            return .libraryMissing(soname: String(match.1), package: "libcamera" + match.2)
        }
        return .shimUnusable(path: path, reason: text)
    }
}
