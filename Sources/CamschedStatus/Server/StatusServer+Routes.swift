import CamschedCore
import CamschedFiling
import CamschedScheduler
import Foundation
import Hummingbird
import NIOCore

extension StatusServer {
    func addPageRoutes(_ router: Router<StatusRequestContext>) {
        let page = Array(StatusPage.html(login: token != nil).utf8), script = Array(StatusPage.script.utf8)
        router.getAndHead("/") { _, _ in HTTPReplies.bytes(page, type: "text/html; charset=utf-8") }
        router.getAndHead("/status.js") { _, _ in HTTPReplies.bytes(script, type: "text/javascript; charset=utf-8") }
        router.getAndHead("/status.css") { _, _ in HTTPReplies.bytes(Array(StatusPageStyle.text.utf8), type: "text/css; charset=utf-8") }
    }

    func addAPIRoutes(_ router: Router<StatusRequestContext>) {
        let board = self.board, control = self.control, exposition = self.exposition
        router.getAndHead("/api/status") { _, _ in
            board.refresh()
            let document = StatusDocument(listings: await control.jobs(), board: board.snapshot(),
                                          taps: board.taps.withLock { $0 }, now: Date())
            return HTTPReplies.document(document.answer())
        }
        router.getAndHead("/api/runs") { request, _ in
            let job = request.uri.queryParameters.get("job")
            let listings = await control.jobs().filter { job == nil || $0.name == job }
            if let job, listings.isEmpty { return HTTPReplies.text(.notFound, "no job named \"\(job)\"") }
            return HTTPReplies.document(RecentRuns.read(listings: listings, job: job))
        }
        router.getAndHead("/metrics") { _, _ in
            board.refresh()
            board.recordFreeSpace(roots: await control.jobs().map(\.root.path))
            return HTTPReplies.bytes(exposition.text(), type: "text/plain; version=0.0.4; charset=utf-8")
        }
    }

    func addControlRoutes(_ router: Router<StatusRequestContext>) {
        let control = self.control
        router.post("/api/jobs/:name/run") { _, context in
            let name = try context.parameters.require("name")
            switch await control.runNow(name) {
            case let .started(runID): return HTTPReplies.document(["job": name, "run": runID], status: .accepted)
            case .running: return HTTPReplies.text(.conflict, "\(name) is running; a job never overlaps itself")
            case .unknownJob: return HTTPReplies.text(.notFound, "no job named \"\(name)\"")
            }
        }
        router.post("/api/jobs/:name/trigger") { _, context in
            let name = try context.parameters.require("name")
            switch await control.trigger(name) {
            case .accepted:
                // Counted in camsched_triggers_total by the run's `trigger` event, as motion is.
                return HTTPReplies.document(["job": name, "trigger": "external"], status: .accepted)
            case .notATriggerJob: return HTTPReplies.text(.conflict, "\(name) is not a trigger job")
            case .externalOff: return HTTPReplies.text(.conflict, "\(name) takes no external events: set \"external\": true in its trigger")
            case .notRunning: return HTTPReplies.text(.conflict, "\(name) is not running; a trigger counts only while it runs")
            case .unknownJob: return HTTPReplies.text(.notFound, "no job named \"\(name)\"")
            }
        }
    }

    func addPreviewRoutes(_ router: Router<StatusRequestContext>) {
        let board = self.board, previews = self.previews
        router.getAndHead("/jobs/:name/preview.jpg") { _, context in
            let name = try context.parameters.require("name")
            return await previews.next(of: name, tap: board.existingTap(for: name)).response(job: name)
        }
        router.getAndHead("/jobs/:name/stream.mjpg") { _, context in
            let name = try context.parameters.require("name")
            let tap = board.existingTap(for: name)
            // The first picture before the answer: a stream that has none says why, as preview.jpg does.
            let picture = await previews.next(of: name, tap: tap)
            guard let tap, case let .jpeg(first) = picture else { return picture.response(job: name) }
            // A small send buffer: a client that stops reading fills it within seconds (and is then
            // dropped), and each stream client holds little kernel memory.
            try? await context.channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: MJPEGStream.sendBuffer).get()
            return MJPEGStream.response(first: first, job: name, tap: tap, previews: previews)
        }
        router.getAndHead("/jobs/:name/stills/:index") { _, context in
            let name = try context.parameters.require("name")
            let index = try context.parameters.require("index", as: Int.self)
            // Only the files the board was told about: no path from the request reaches the filesystem.
            guard let still = board.snapshot()[name]?.stills.dropFirst(max(0, index)).first, index >= 0,
                  let data = FileManager.default.contents(atPath: still.path.path) else {
                return HTTPReplies.text(.notFound, "no still \(index) of \(name)")
            }
            let type = still.path.pathExtension.lowercased() == "png" ? "image/png"
                : still.path.pathExtension.lowercased() == "webp" ? "image/webp" : "image/jpeg"
            return HTTPReplies.bytes(data, type: type, cache: "max-age=60")
        }
    }
}
