import Hummingbird

extension Router {
    /// A `GET` route that answers `HEAD` with the same handler (``HeadRequestMiddleware`` leaves
    /// out the body). The corresponding Hummingbird calls are `on(_:method:use:)` for both methods.
    @discardableResult
    func getAndHead(_ path: RouterPath = "",
                    use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(path, method: .head, use: handler)
        return on(path, method: .get, use: handler)
    }
}
