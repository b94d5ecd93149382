/// The status page: one HTML page, one script and one style sheet, all served by camsched —
/// nothing is fetched from elsewhere (these boxes are often offline). The style is
/// ``StatusPageStyle``; the script is ``StatusChartScript``, ``StatusFilesScript`` and
/// ``StatusCardScript`` served as one file.
enum StatusPage {
    /// - Parameter login: whether the server has a token, so the page offers to log out.
    static func html(login: Bool) -> String {
        let logout = login ? "<form method=\"post\" action=\"logout\" id=\"logout\"><button type=\"submit\">Log out</button></form>" : ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>camsched</title>
            <link rel="stylesheet" href="status.css">
            </head>
            <body>
            <header class="top">
              <div><h1>camsched</h1><p id="summary">loading…</p></div>
              \(logout)
            </header>
            <main id="jobs"></main>
            <footer><p id="disk"></p><p id="updated"></p></footer>
            <script src="status.js"></script>
            </body>
            </html>

            """
    }

    static var script: String { StatusChartScript.text + StatusFilesScript.text + StatusCardScript.text }
}
