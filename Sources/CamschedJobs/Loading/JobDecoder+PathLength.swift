extension JobDecoder {
    /// Refuses a path template whose every expansion is too long for a filesystem (a file
    /// name past 200 bytes, a folder name past 255, a path past `PATH_MAX`), at `output.path`:
    /// only the name and the root tell, so this runs once both are read.
    func checkPathLength(_ object: ObjectReader, name: String?, output: OutputSpec) {
        guard let name, let template = try? PathTemplate(parsing: output.path),
              let problem = template.lengthProblem(job: name, rootPath: output.root.standardizedFileURL.path) else { return }
        let outputNode = object.node("output")
        let pathNode = outputNode.flatMap { node -> JSONNode? in
            guard case .object(let members) = node.value else { return nil }
            return members.first { $0.key == "path" }?.value
        }
        report(object.path("output").key("path"), (pathNode ?? outputNode)?.location ?? object.location,
               "\(JSONNode.quoted(output.path)) is too long for a filesystem: \(problem)")
    }
}
