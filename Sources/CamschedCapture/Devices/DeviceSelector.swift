import CamschedCore
import CamschedV4L2
import Foundation

/// Turns device URIs (SPEC section 3) into a camera: a list is a preference order, and the
/// first that is present and opens wins.
package enum DeviceSelector {
    /// Opens the first camera in `uris` that is present and opens.
    /// - Parameter baseDirectory: folder that relative `file:` paths are resolved against
    ///   (the job file's folder).
    /// - Parameter oneStill: the camera is opened for a single still (`camsched snapshot`): a
    ///   V4L2 device streams from the fewest buffers and its stable name is not looked up
    ///   (no scan of /dev/v4l; nothing reopens or locks it by that name).
    /// - Parameter credentials: where a network camera's login comes from (`camera.credentials`);
    ///   nil: `CAMSCHED_CAMERA_CREDENTIALS` when set, else none.
    /// - Parameter cancelled: whether the run was asked to stop: a network camera's waits (its
    ///   open now, its frames later) end at once then.
    /// - Parameter sceneClock: the clock a `test:?scene=day` camera's scene follows instead of
    ///   its URI's (a rehearsal's); nil: the URI's.
    /// - Throws: the most telling error when none opens: busy or permission over not found.
    package static func open(_ uris: [String], baseDirectory: URL? = nil, oneStill: Bool = false,
                            credentials: CameraCredentialsSource? = nil, sceneClock: DaySceneClock? = nil,
                            cancelled: @escaping @Sendable () -> Bool = { false }) throws(CameraError) -> Camera {
        var errors: [CameraError] = []
        for text in uris {
            let uri: DeviceURI
            do { uri = try DeviceURI(parsing: text, baseDirectory: baseDirectory) } catch { throw CameraError(error) }
            for camera in candidates(for: uri, text: text, oneStill: oneStill, credentials: credentials, sceneClock: sceneClock,
                                     cancelled: cancelled) {
                do {
                    try camera.open()
                    return camera
                } catch {
                    errors.append(error)
                }
            }
        }
        if let severe = errors.first(where: { if case .busy = $0 { return true }; if case .permissionDenied = $0 { return true }; return false }) {
            throw severe
        }
        if let other = errors.first(where: { if case .notFound = $0 { return false }; return true }) { throw other }
        throw .notFound(uri: uris.joined(separator: ", "), available: availableCameras())
    }

    /// The cameras a URI could mean, in order; `oneStill`, `credentials`, `sceneClock` and
    /// `cancelled` as for ``open(_:baseDirectory:oneStill:credentials:sceneClock:cancelled:)``.
    static func candidates(for uri: DeviceURI, text: String, oneStill: Bool = false,
                           credentials: CameraCredentialsSource? = nil, sceneClock: DaySceneClock? = nil,
                           cancelled: @escaping @Sendable () -> Bool = { false }) -> [Camera] {
        let opening = CameraOpening(oneStill: oneStill, credentials: credentials, sceneClock: sceneClock, cancelled: cancelled)
        return CameraKinds.candidates(for: uri, text: text, opening: opening)
    }

    /// `uri (name)` of every camera present, of every kind that can be listed, for messages.
    package static func availableCameras() -> [String] {
        CameraKinds.present().map { "\($0.uri) (\($0.name))" }
    }

    static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { index in
            result.gl_pathv[index].map { String(cString: $0) }
        }.sorted()
    }
}

extension DeviceSelector {
    /// Finds a camera that went away by its stable identity — even if it came back under
    /// another node number — and opens it.
    /// - Throws: ``CameraError/notFound(uri:available:)`` while it is not back; a network
    ///   camera's refused login or unusable credentials as they are (what to correct while the
    ///   run waits: the credentials are read again at the next attempt), else why it could not
    ///   be reached (what the run's end names when it never came back).
    package static func reopen(identity: CameraIdentity, uris: [String], baseDirectory: URL? = nil,
                              credentials: CameraCredentialsSource? = nil, sceneClock: DaySceneClock? = nil,
                              cancelled: @escaping @Sendable () -> Bool = { false }) throws(CameraError) -> Camera {
        if let camera = sameNode(identity) { return camera }
        var login: CameraError?
        var unreachable: CameraError?
        for camera in reopenCandidates(identity: identity, uris: uris, baseDirectory: baseDirectory, credentials: credentials,
                                       sceneClock: sceneClock, cancelled: cancelled) {
            do {
                try camera.open()
            } catch {
                if case .loginRefused = error { login = error }
                if case .credentialsUnusable = error { login = error }
                if case .unreachable = error { unreachable = error }
                continue
            }
            if camera.identity.stableKey == identity.stableKey { return camera }
            camera.close()
        }
        throw login ?? unreachable ?? .notFound(uri: identity.path, available: availableCameras())
    }
}

extension DeviceSelector {
    /// The V4L2 camera at the node it had, when that node is still it: a time-lapse that closes
    /// the camera between shots reopens it without querying every node under /dev.
    static func sameNode(_ identity: CameraIdentity) -> (Camera)? {
        guard identity.kind == .v4l2, identity.path.hasPrefix("/dev/") else {
            return nil
        }
        let camera = Camera(V4L2Backend(path: identity.path))
        guard (try? camera.open()) != nil else { return nil }
        if camera.identity.stableKey == identity.stableKey { return camera }
        camera.close()
        return nil
    }

    /// The cameras that could be the one with `identity`. A V4L2 camera is matched by what its
    /// node reports cheaply (by-id link, else driver, bus and card) before it is opened:
    /// opening through libv4l2 enumerates every format, which costs seconds on a slow board.
    static func reopenCandidates(identity: CameraIdentity, uris: [String], baseDirectory: URL?,
                                 credentials: CameraCredentialsSource? = nil, sceneClock: DaySceneClock? = nil,
                                 cancelled: @escaping @Sendable () -> Bool = { false }) -> [Camera] {
        guard !identity.kind.capabilities.reopensByURI else {
            return uris.flatMap { text -> [Camera] in
                guard let uri = try? DeviceURI(parsing: text, baseDirectory: baseDirectory) else { return [] }
                return candidates(for: uri, text: text, credentials: credentials, sceneClock: sceneClock, cancelled: cancelled)
            }
        }
        return V4L2DeviceDirectory.captureDevices()
            .filter { ($0.byIdLinks.first ?? "\($0.driver)|\($0.bus)|\($0.card)") == identity.stableKey }
            .map { Camera(V4L2Backend(path: $0.path)) }
    }
}
