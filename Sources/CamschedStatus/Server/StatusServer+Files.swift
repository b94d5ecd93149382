import Foundation
import Hummingbird

extension StatusServer {
    /// The file browser: `GET /api/jobs/NAME/files` lists the newest filed files, and
    /// `GET /jobs/NAME/files/PATH` sends one, with byte ranges (a `<video>` element seeks with them).
    func addFileRoutes(_ router: Router<StatusRequestContext>) {
        let board = self.board, control = self.control
        router.getAndHead("/api/jobs/:name/files") { _, context in
            let name = try context.parameters.require("name")
            guard let listing = await control.jobs().first(where: { $0.name == name }) else {
                return HTTPReplies.text(.notFound, "no job named \"\(name)\"")
            }
            let files = FiledFiles.newest(listing, board: board.snapshot()[name])
            return HTTPReplies.document(FiledFile.Listing(job: name, files: files.map { $0.listed(job: name) }))
        }
        router.getAndHead("/jobs/:name/files/**") { request, context in
            let name = try context.parameters.require("name")
            let parts = context.parameters.getCatchAll().map { $0.removingPercentEncoding ?? "" }
            let path = parts.joined(separator: "/")
            // Only what the job filed, opened without following a link out of its root.
            guard let listing = await control.jobs().first(where: { $0.name == name }),
                  FiledFiles.lookup(path, of: listing, board: board.snapshot()[name]) != nil,
                  let file = RootFile(root: listing.root, relativePath: path) else {
                return HTTPReplies.text(.notFound, "\(name) filed no file \"\(path)\"")
            }
            return FileReply.response(file, type: FiledFile.mediaType(path), range: request.headers[.range])
        }
    }
}
