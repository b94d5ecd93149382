/// The login form of a server with a token: the token goes in, a session cookie comes back.
enum LoginPage {
    static func html(message: String?) -> String {
        let note = message.map { "<p class=\"error\" role=\"alert\">\($0)</p>" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>camsched · log in</title>
            <link rel="stylesheet" href="status.css">
            </head>
            <body class="login">
            <form method="post" action="login" id="login">
              <h1>camsched</h1>
              <p>This status page needs the token of <code>--token-file</code>.</p>
              \(note)
              <label for="token">Token</label>
              <input type="password" id="token" name="token" autocomplete="current-password" required autofocus>
              <button type="submit">Log in</button>
            </form>
            </body>
            </html>

            """
    }
}
