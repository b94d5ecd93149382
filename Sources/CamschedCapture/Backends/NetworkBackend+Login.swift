import CamschedCore
import CamschedMedia
import Foundation

/// A network camera's login: the credentials read when it is opened, and a refusal told
/// apart from a camera that cannot be reached, with the place to correct it.
extension NetworkBackend {
    /// The credentials to open with; nil when the camera is opened without a login.
    /// - Throws: ``CameraError/credentialsUnusable(uri:reason:)``.
    func loadLogin() throws(CameraError) -> CameraCredentials? {
        let environment = ProcessInfo.processInfo.environment
        guard let source = CameraCredentialsSource.effective(credentials, environment: environment) else { return nil }
        do { return try source.load(environment: environment) } catch {
            throw .credentialsUnusable(uri: address.url, reason: error.description)
        }
    }

    /// What opening with `login` failing with `error` means for the user: a refused login
    /// (401, 403) with where to correct it, else a camera that cannot be reached. The library's
    /// text is masked: it may quote the URL with the password.
    func openFailure(_ error: any Error, login: CameraCredentials?) -> CameraError {
        let text = login?.masking("\(error)") ?? NetworkCameraAddress.maskedEverywhere("\(error)")
        guard let failure = error as? AVError, failure.isUnauthorized || failure.isForbidden else {
            return .unreachable(uri: address.url, reason: NetworkReachability.reason(error, text: text, address: address))
        }
        let status = failure.isUnauthorized ? "401 Unauthorized" : "403 Forbidden"
        guard let login else {
            return .loginRefused(uri: address.url, reason: """
                it asks for a user and password (\(status)) and none was given; put user:password in a file of mode 600 \
                and name it in the job's camera.credentials (devices --probe: --credentials FILE), \
                or set \(CameraCredentialsSource.defaultVariable)
                """)
        }
        let place: String
        switch login.source {
        case .file: place = "that file"
        case .environment: place = "that variable"
        }
        if failure.isForbidden {
            return .loginRefused(uri: address.url, reason: """
                it answered \(status) to the user \(login.user) from \(login.source): that user may not view this stream; \
                put the user:password of one who may in \(place)
                """)
        }
        return .loginRefused(uri: address.url, reason: """
            it answered \(status) to the user \(login.user) from \(login.source); \
            check the user and password in \(place) (one line user:password)
            """)
    }
}
