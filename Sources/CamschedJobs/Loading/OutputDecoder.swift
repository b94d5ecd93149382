import CamschedCore
import Foundation

/// The `output` section: where files go and what is filed beside them.
struct OutputDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode?, _ path: JobPath) -> OutputSpec {
        var spec = OutputSpec(root: reader.resolveRoot(OutputSpec.defaultRoot))
        guard let node, let object = reader.object(node, path, keys: ["root", "path", "sidecar", "exif", "catalog", "latest", "faststart"]) else {
            return spec
        }
        if let root = reader.field(object, "root", reader.filePath) { spec.root = reader.resolveRoot(root) }
        if let template = reader.field(object, "path", pathTemplate) { spec.path = template }
        if let sidecar = reader.field(object, "sidecar", reader.bool) { spec.sidecar = sidecar }
        if let exif = reader.field(object, "exif", reader.bool) { spec.exif = exif }
        if let catalog = reader.field(object, "catalog", catalogSetting) { (spec.catalog, spec.fleet) = catalog }
        if let latest = reader.field(object, "latest", reader.bool) { spec.latest = latest }
        if let faststart = reader.field(object, "faststart", reader.bool) { spec.faststart = faststart }
        if spec.latest, let node = object.node("path"), OutputSpec.namesLatestLink(spec.path) {
            reader.report(object.path("path"), node.location,
                          "\(node.shortDescription) files under the name of the \"latest\" link, which \"latest\": true keeps for the link; name the files otherwise (e.g. \"{job}/{seq}\") or turn \"latest\" off")
        }
        return spec
    }

    private func pathTemplate(_ node: JSONNode, _ path: JobPath) -> String? {
        guard let text = reader.string(node, path) else { return nil }
        do {
            _ = try PathTemplate(parsing: text)
            return text
        } catch {
            for problem in error.problems { reader.report(path, node.location, problem) }
            return nil
        }
    }

    /// `output.catalog`: `true`, `false`, or the URL of a PostgreSQL fleet catalog (SPEC
    /// section 8), which keeps the local catalog on as its queue.
    private func catalogSetting(_ node: JSONNode, _ path: JobPath) -> (Bool, FleetCatalogURL?)? {
        switch node.value {
        case .bool(let value):
            return (value, nil)
        case .string(let text):
            guard FleetCatalogURL.looksLikeURL(text) else {
                reader.report(path, node.location, "expected true, false or a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE), found \(node.shortDescription)")
                return nil
            }
            do {
                return (true, try FleetCatalogURL(parsing: text))
            } catch {
                reader.report(path, node.location, "the fleet catalog URL \(error)")
                return nil
            }
        default:
            reader.typeMismatch(node, path, expected: "true, false or a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE)")
            return nil
        }
    }
}
