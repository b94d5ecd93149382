import Glibc
import Synchronization

/// An output root held open for as long as a filer uses it. Every path below it is resolved
/// relative to this descriptor (``FolderDescriptor``), so renaming the root or swapping one
/// of its folders for a link while camsched runs cannot redirect a write.
///
/// Roots are shared by path within the process, so that code that is handed only an
/// absolute path below a root (``Sidecar/write(to:)``, ``LatestLink``) finds the filer's
/// descriptor; the registry holds them weakly, and a root no filer uses any more is closed
/// (so its disk can be unmounted between runs).
final class OutputRoot: Sendable {
    /// The root's absolute path, standardised.
    let path: String
    private let opened = Mutex<FolderDescriptor?>(nil)
    /// Set once a file under this root could not get the ``PartialMarker`` attribute; partial
    /// files then get the marker in their name instead.
    let attributesUnsupported = Atomic<Bool>(false)
    private let owner = Mutex<uid_t?>(nil)

    private init(path: String) {
        self.path = path
    }

    private struct WeakRoot: Sendable {
        weak var root: OutputRoot?
    }

    private static let registry = Mutex<[String: WeakRoot]>([:])

    /// The shared root for `path` (absolute, standardised).
    static func shared(path: String) -> OutputRoot {
        registry.withLock { roots in
            if let root = roots[path]?.root { return root }
            roots = roots.filter { $0.value.root != nil }
            let root = OutputRoot(path: path)
            roots[path] = WeakRoot(root: root)
            return root
        }
    }

    /// The open root that `path` lies below, and the components of `path` under it; `nil`
    /// when no filer in this process uses a root above `path`.
    static func enclosing(_ path: String) -> (root: OutputRoot, components: [Substring])? {
        let roots = registry.withLock { $0.compactMap { $0.value.root } }
        let best = roots
            .filter { path == $0.path || path.hasPrefix($0.path == "/" ? "/" : $0.path + "/") }
            .max { $0.path.count < $1.path.count }
        guard let best else { return nil }
        let components = path.dropFirst(best.path.count).split(separator: "/")
        guard !components.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        return (best, components)
    }

    /// The root's descriptor, opened on first use (and created with its parents when
    /// `create` is set). A root removed since it was opened is opened again by its path.
    func descriptor(create: Bool) throws(FilingError) -> FolderDescriptor {
        try opened.withLock { current throws(FilingError) -> FolderDescriptor in
            if let open = current, !open.isRemoved { return open }
            if create { try FilingCall.makeFolders(path) }
            let open = try FolderDescriptor.open(path: path)
            current = open
            return open
        }
    }

    /// The user that files camsched creates under this root belong to: its own, except on
    /// a network share that maps it to another (root squashed to `nobody` on NFS). Found by
    /// creating and removing a probe file once; camsched's own user where that fails.
    var ownerOfNewFiles: uid_t {
        owner.withLock { known in
            if let known { return known }
            let probed = (try? descriptor(create: false))?.probeOwnerOfNewFiles()
            known = probed
            return probed ?? geteuid()
        }
    }

    /// The folder `components` below the root, each opened without following links.
    func folder<Names: Collection>(_ components: Names, create: Bool) throws(FilingError) -> FolderDescriptor
    where Names.Element: StringProtocol {
        try descriptor(create: create).folder(components: components, create: create)
    }
}
