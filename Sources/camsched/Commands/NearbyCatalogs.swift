import CamschedFiling
import Foundation

/// Catalogs near a folder that holds none, for the error that says where to look.
enum NearbyCatalogs {
    /// Folders above `folder`, or below it (at most 20,000 entries looked at), that hold a catalog.
    static func near(_ folder: URL) -> [URL] {
        var above = folder.deletingLastPathComponent()
        while above.path != "/", above.path != folder.path {
            if FileManager.default.fileExists(atPath: above.appendingPathComponent(Catalog.fileName).path) { return [above] }
            above = above.deletingLastPathComponent()
        }
        return Array(scan(folder).catalogs.prefix(3))
    }

    /// What a quick look below `folder` finds (a few levels deep, at most 20,000 entries): the
    /// folders holding a catalog, and whether there is a camsched sidecar (`NAME.EXT.json` beside `NAME.EXT`).
    static func scan(_ folder: URL) -> (catalogs: [URL], sidecars: Bool) {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return ([], false) }
        var (catalogs, sidecars, seen) = ([URL](), false, 0)
        while let item = walker.nextObject() as? String, seen < 20_000 {
            seen += 1
            if walker.level > 5 { walker.skipDescendants() }
            if (item as NSString).lastPathComponent == Catalog.fileName {
                catalogs.append(folder.appendingPathComponent((item as NSString).deletingLastPathComponent).standardizedFileURL)
                continue
            }
            guard !sidecars, item.hasSuffix(".json") else { continue }
            let media = String(item.dropLast(5))
            if ["jpg", "jpeg", "png", "webp", "mp4", "mkv"].contains((media as NSString).pathExtension.lowercased()),
               FileManager.default.fileExists(atPath: folder.appendingPathComponent(media).path) { sidecars = true }
        }
        return (catalogs, sidecars)
    }
}
