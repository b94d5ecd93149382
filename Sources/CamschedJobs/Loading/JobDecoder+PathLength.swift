extension JobDecoder {
    /// Refuses a path template whose every expansion is too long for a filesystem (a file
    /// name past 200 bytes, a folder name past 255, a path past `PATH_MAX`), at `output.path`:
    /// only the name and the root tell, so this runs once both are read.
    func checkPathLength(_ object: ObjectReader, name: String?, output: OutputSpec) {
        checkRootLength(object, output: output)
        guard let name, let template = try? PathTemplate(parsing: output.path),
              let problem = template.lengthProblem(job: name, rootPath: output.root.standardizedFileURL.path) else { return }
        report(object.path("output").key("path"), outputLocation(object, key: "path"),
               "\(JSONNode.quoted(output.path)) is too long for a filesystem: \(problem)")
    }
}

extension JobDecoder {
    /// Refuses an output root too long for the catalog in it, at `output.root`.
    func checkRootLength(_ object: ObjectReader, output: OutputSpec) {
        let root = output.root.standardizedFileURL.path
        guard root.utf8.count > JobLimits.outputRootBytes else { return }
        report(object.path("output").key("root"), outputLocation(object, key: "root"),
               "the output root is \(root.utf8.count) bytes long; its catalog needs a root of at most \(JobLimits.outputRootBytes) bytes (SQLite's limit for a database path): choose a shorter folder")
    }

    /// Where `output.KEY` is written (else `output`, else the job): where a problem with it is shown.
    func outputLocation(_ object: ObjectReader, key: String) -> SourceLocation {
        let outputNode = object.node("output")
        let keyNode = outputNode.flatMap { node -> JSONNode? in
            guard case .object(let members) = node.value else { return nil }
            return members.first { $0.key == key }?.value
        }
        return (keyNode ?? outputNode)?.location ?? object.location
    }
}
