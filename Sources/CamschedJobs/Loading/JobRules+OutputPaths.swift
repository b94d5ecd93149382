import CamschedCore
import Foundation

extension JobRules {
    /// Refuses an output root too long for the catalog in it, at `output.root`.
    static func outputRootFitsTheCatalog(_ job: JobSections, _ reader: JobReader) {
        let root = job.output.root.standardizedFileURL.path
        guard root.utf8.count > JobLimits.outputRootBytes else { return }
        reader.report(job.root.path("output").key("root"), outputLocation(job.root, key: "root"),
                      "the output root is \(root.utf8.count) bytes long; its catalog needs a root of at most \(JobLimits.outputRootBytes) bytes (SQLite's limit for a database path): choose a shorter folder")
    }

    /// Refuses a path template whose every expansion is too long for a filesystem (a file
    /// name past 200 bytes, a folder name past 255, a path past `PATH_MAX`), at `output.path`:
    /// only the name and the root tell.
    static func outputPathFitsAFilesystem(_ job: JobSections, _ reader: JobReader) {
        let output = job.output
        guard let name = job.name, let template = try? PathTemplate(parsing: output.path),
              let problem = template.lengthProblem(job: name, rootPath: output.root.standardizedFileURL.path) else { return }
        reader.report(job.root.path("output").key("path"), outputLocation(job.root, key: "path"),
                      "\(JSONNode.quoted(output.path)) is too long for a filesystem: \(problem)")
    }

    /// Where `output.KEY` is written (else `output`, else the job): where a problem with it is shown.
    private static func outputLocation(_ object: ObjectReader, key: String) -> SourceLocation {
        let outputNode = object.node("output")
        let keyNode = outputNode.flatMap { member($0, key)?.value }
        return (keyNode ?? outputNode)?.location ?? object.location
    }
}
