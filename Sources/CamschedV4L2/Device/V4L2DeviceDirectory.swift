import Glibc

/// The V4L2 nodes of this machine (`/dev/video*`), with what each can do and the stable
/// `/dev/v4l/by-id` and `by-path` names that point to it.
package struct V4L2DeviceDirectory: Sendable {
    /// The folder holding the nodes; `/dev` except in tests.
    package let deviceRoot: String

    package init(deviceRoot: String = "/dev") {
        self.deviceRoot = deviceRoot
    }

    /// Every `video*` node, numerically sorted (`video2` before `video10`), each opened and
    /// queried; nodes that could not be opened are listed with `error` set, not skipped.
    /// - Parameter detailed: also enumerate every format, size, rate and control (what
    ///   `camsched devices` shows) — thousands of ioctls on a driver with many formats, so
    ///   finding a camera asks only for its capabilities.
    package func list(detailed: Bool = true) -> [V4L2DeviceInfo] {
        let links = stableLinks()
        return nodePaths().map { path in
            var info = Self.describe(path: path, detailed: detailed)
            info.byIdLinks = links.byId[path, default: []]
            info.byPathLinks = links.byPath[path, default: []]
            return info
        }
    }

    /// The nodes that capture video, in `list()` order.
    package static func captureDevices() -> [V4L2DeviceInfo] {
        V4L2DeviceDirectory().list(detailed: false).filter(\.isCapture)
    }

    /// The `/dev/v4l/by-id` names that point to `node`.
    package static func byIdLinks(of node: String) -> [String] {
        V4L2DeviceDirectory().stableLinks().byId[node, default: []]
    }

    /// The paths of the `video<N>` entries of `deviceRoot`, sorted by N.
    package func nodePaths() -> [String] {
        let numbered = Self.entries(of: deviceRoot).compactMap { name -> (Int, String)? in
            guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)), number >= 0 else { return nil }
            return (number, name)
        }
        return numbered.sorted { $0.0 < $1.0 }.map { "\(deviceRoot)/\($0.1)" }
    }

    /// Opens and queries one node; failures end up in `error`. Formats and controls only when
    /// `detailed`.
    package static func describe(path: String, detailed: Bool = true) -> V4L2DeviceInfo {
        var info = V4L2DeviceInfo(path: path)
        guard detailed else {
            do { fill(&info, from: try V4L2Device.probeCapability(path: path)) } catch { info.error = error.description }
            return info
        }
        let device: V4L2Device
        do {
            device = try V4L2Device(path: path)
        } catch {
            info.error = error.description
            return info
        }
        defer { device.close() }
        fill(&info, from: device.capability)
        do {
            info.formats = try device.formats.list()
            info.controls = try device.controls.list()
        } catch {
            info.error = error.description
        }
        return info
    }

    private static func fill(_ info: inout V4L2DeviceInfo, from capability: V4L2Capability) {
        info.card = capability.card
        info.driver = capability.driver
        info.bus = capability.busInfo
        info.version = capability.versionString
        info.capabilities = capability.deviceCaps.names
        info.isCapture = capability.isVideoCapture
        info.isMediaControllerCentric = capability.deviceCaps.contains(.mediaControllerIO)
    }

    /// The links of `v4l/by-id` and `v4l/by-path`, keyed by the node they resolve to.
    func stableLinks() -> (byId: [String: [String]], byPath: [String: [String]]) {
        (resolveLinks(in: "\(deviceRoot)/v4l/by-id"), resolveLinks(in: "\(deviceRoot)/v4l/by-path"))
    }

    private func resolveLinks(in folder: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for name in Self.entries(of: folder).sorted() {
            let link = "\(folder)/\(name)"
            guard let target = Self.realPath(link) else { continue }
            result[nodeKey(target), default: []].append(link)
        }
        return result
    }

    /// A resolved node path spelled as `nodePaths()` spells it, also when `deviceRoot` is
    /// itself reached through a symbolic link (as a test's stand-in for /dev may be).
    private func nodeKey(_ target: String) -> String {
        guard let root = Self.realPath(deviceRoot), root != deviceRoot, target.hasPrefix(root + "/") else { return target }
        return deviceRoot + target.dropFirst(root.count)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
