extension PathTemplate {
    /// The longest folder name a path may have: `NAME_MAX`.
    package static let maximumFolderBytes = 255
    /// The longest file name a template may expand to, in bytes: `NAME_MAX` (255) less room
    /// for what camsched adds to it (`.camsched-` … `-9999.webp.json.PID.partial`).
    package static let maximumFileNameBytes = 200
    /// The longest path under a root, root included: `PATH_MAX` (4096, with its NUL) less the
    /// same room.
    package static let maximumPathBytes = 4_095 - (255 - 200)

    /// The fewest bytes each component (folder names, then the file name) can expand to for
    /// the job `job`: `{job}` is known, `{run}` is 21 bytes, `{seq:N}` at least N digits,
    /// `{kind}` at least 4 (`clip`), `{device}` at least 1, time fields their fixed widths.
    package func minimumComponentBytes(job: String) -> [Int] {
        var sizes = [0]
        for component in components {
            switch component {
            case .literal(let text):
                let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                sizes[sizes.count - 1] += parts[0].utf8.count
                for part in parts.dropFirst() { sizes.append(part.utf8.count) }
            case .job: sizes[sizes.count - 1] += PathTemplate.sanitised(job).utf8.count
            case .run: sizes[sizes.count - 1] += 21
            case .seq(let width): sizes[sizes.count - 1] += width
            case .kind: sizes[sizes.count - 1] += 4
            case .device: sizes[sizes.count - 1] += 1
            case .time(let field): sizes[sizes.count - 1] += field == "Y" ? 4 : field == "j" ? 3 : 2
            }
        }
        return sizes
    }

    /// Why every path of this template is too long for the filesystem under `rootPath` for
    /// the job `job`, or `nil` when its shortest expansion fits.
    package func lengthProblem(job: String, rootPath: String) -> String? {
        let sizes = minimumComponentBytes(job: job)
        for (index, size) in sizes.enumerated() {
            let isFile = index == sizes.count - 1
            let limit = isFile ? Self.maximumFileNameBytes : Self.maximumFolderBytes
            if size > limit {
                return "its \(isFile ? "file name" : "folder \(index + 1)") expands to at least \(size) bytes; a \(isFile ? "file name may have at most \(limit) (255 less room for -N, the extension, .json and .partial)" : "folder name may have at most \(limit)")"
            }
        }
        let total = rootPath.utf8.count + 1 + sizes.reduce(0, +) + sizes.count - 1
        if total > Self.maximumPathBytes {
            return "the files' paths under output.root are at least \(total) bytes long; at most \(Self.maximumPathBytes) are allowed (PATH_MAX 4096 less room for what camsched adds)"
        }
        return nil
    }

    /// `relativePath` with each folder name cut to 255 bytes and the file name to 200 (at a
    /// character boundary): a value known only when a file is filed (`{device}`) can make a
    /// name longer than the filesystem takes, and the capture must be filed all the same.
    package static func fitted(_ relativePath: String) -> String {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.enumerated().contains(where: { index, part in
            part.utf8.count > (index == parts.count - 1 ? maximumFileNameBytes : maximumFolderBytes)
        }) else { return relativePath }
        return parts.enumerated().map { index, part -> String in
            let limit = index == parts.count - 1 ? maximumFileNameBytes : maximumFolderBytes
            var cut = Substring(part)
            while cut.utf8.count > limit { cut = cut.dropLast() }
            return String(cut)
        }.joined(separator: "/")
    }
}
