import Foundation

/// Where and how results are filed.
package struct OutputSpec: Sendable, Equatable {
    /// The default path template.
    package static let defaultPath = "{job}/%Y-%m-%d/{job}-%Y%m%d-%H%M%S-{seq}"
    /// The default root, relative to the job file's folder.
    package static let defaultRoot = "captures"

    /// The folder everything of the job is filed under (absolute; relative roots in a job file
    /// are resolved against the job file's folder, or `$STATE_DIRECTORY` under systemd).
    package var root: URL
    /// The path template, relative to `root`, without extension (see ``PathTemplate``).
    package var path: String
    /// Write `NAME.EXT.json` beside every file. Default true.
    package var sidecar: Bool
    /// Write EXIF into JPEG stills. Default true.
    package var exif: Bool
    /// Add a row to `ROOT/catalog.sqlite`. Default true.
    package var catalog: Bool
    /// The fleet catalog the local catalog's rows are copied to (`output.catalog` as a URL,
    /// else `CAMSCHED_CATALOG_URL`); `nil` for none. Implies ``catalog``.
    package var fleet: FleetCatalogURL?
    /// Keep a `latest.EXT` symbolic link in the job's folder. Default false.
    package var latest: Bool
    /// Move a finished MP4's index to the front (`+faststart`), one more pass over the file,
    /// for files served to browsers over slow links. Default false: a finished MP4 has its
    /// index at the end, each media byte written once.
    package var faststart = false

    /// Creates output settings.
    package init(root: URL, path: String = OutputSpec.defaultPath, sidecar: Bool = true, exif: Bool = true,
                catalog: Bool = true, latest: Bool = false) {
        self.root = root
        self.path = path
        self.sidecar = sidecar
        self.exif = exif
        self.catalog = catalog
        self.latest = latest
    }

    /// Whether every file of the template `path` would be named like the `latest` link:
    /// `latest` in the job's folder (`{job}/latest`), or in the root when the template does not
    /// start with `{job}/`. The link lives in that folder, and never replaces a file.
    package static func namesLatestLink(_ path: String) -> Bool {
        path.hasPrefix("{job}/") ? path == "{job}/latest" : path == "latest"
    }
}
