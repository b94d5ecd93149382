import Hummingbird

/// `HEAD` answers as `GET` does, without the body: the same status and headers, `Content-Length`
/// included (or, for a stream of unknown length, none, as its `GET` sends it chunked). Every
/// `GET` route is registered for `HEAD` too (``Hummingbird/Router/getAndHead(_:use:)``); this
/// middleware, the outermost, leaves out the body of every answer to a `HEAD` — the routes', the
/// access refusals' and the 404 of a path no route has.
///
/// Not Hummingbird's `autoGenerateHeadEndpoints`: it answers a stream's `HEAD` with
/// `Content-Length: 0`, which tells a client the stream is empty.
struct HeadRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        return Self.withoutBody(response)
    }

    /// `response` with an empty body of the same announced length.
    static func withoutBody(_ response: Response) -> Response {
        Response(status: response.status, headers: response.headers,
                 body: ResponseBody(contentLength: response.body.contentLength) { writer in try await writer.finish(nil) })
    }
}
