import ArgumentParser
import CamschedStatus

/// `--listen HOST:PORT` and `--token-file FILE` of `run` and `daemon` (SPEC section 6).
struct StatusOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Serve the live status page, its JSON API and Prometheus /metrics on HOST:PORT (port 0: any free port).",
        discussion: "A loopback address (127.0.0.1, [::1], localhost) needs no token; any other address needs --token-file.",
        valueName: "host:port"))
    var listen: String?

    @Option(help: ArgumentHelp(
        "A file (mode 600) holding the token every request must send as \"Authorization: Bearer TOKEN\".",
        discussion: "A browser types the token once into the page's login form and gets a session cookie (12 hours).",
        valueName: "file"))
    var tokenFile: String?

    func validate() throws {
        if let listen {
            do { _ = try ListenAddress(parsing: listen) } catch { throw ValidationError(error.description) }
        } else if tokenFile != nil {
            throw ValidationError("--token-file needs --listen HOST:PORT")
        }
    }
}
