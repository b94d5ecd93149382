/// What went wrong with a libcamera camera, each case with what to do about it.
package enum LibcameraError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libcamera itself (a library camsched's shim links) is not installed.
    case libraryMissing(soname: String, package: String)
    /// camsched's libcamera module (libcamsched-libcamera.so) was not found where it looked.
    case shimMissing(searched: [String])
    /// The module exists but could not be used (another camsched's, or a broken install).
    case shimUnusable(path: String, reason: String)
    /// camsched was compiled without libcamera-dev, so the module is a stub.
    case notCompiledIn(message: String)
    /// libcamera has no such camera (`id` nil: no camera at all).
    case noCamera(id: String?, message: String)
    /// A libcamera call failed: the operation, its negative errno, libcamera's or the shim's sentence.
    case failed(operation: String, code: Int32, message: String)
    /// The camera went away (libcamera's `disconnected` signal).
    case disconnected(id: String)

    package var description: String {
        switch self {
        case .libraryMissing(let soname, let package):
            return "libcamera is not installed (\(soname) is missing): libcamera cameras need it; "
                + "install it with: sudo apt-get install \(package) libcamera-ipa"
        case .shimMissing(let searched):
            return "camsched's libcamera module (\(LibcameraShimLocation.fileName)) is not installed (looked in "
                + searched.joined(separator: ", ") + "): install camsched with `make install` or its .deb, "
                + "or build it with libcamera-dev installed"
        case .shimUnusable(let path, let reason):
            return "camsched's libcamera module \(path) cannot be used: \(reason)"
        case .notCompiledIn(let message):
            return message
        case .noCamera(_, let message):
            return message
        case .failed(let operation, let code, let message):
            return "libcamera: \(operation) failed (\(code)): \(message)"
        case .disconnected(let id):
            return "the libcamera camera '\(id)' was disconnected"
        }
    }
}
