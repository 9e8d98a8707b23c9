import Mustache

/// The dashboard's Mustache templates: `{{name}}` is HTML-escaped, `{{{name}}}` only ever holds
/// markup the server made itself (a rendered page, an SVG whose texts the renderer escaped).
enum Templates {
    /// Every template, by name; each page's values are a ``PageContext`` (the `diagnostics` partial's
    /// a ``DiagnosticTable``).
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in all {
            try library.register(text, named: name)
        }
        return library
    }

    /// Every template's name and text.
    static var all: [(name: String, text: String)] {
        [
            ("layout", layout), ("error", error), ("signIn", signIn), ("apps", apps), ("createdApp", createdApp),
            ("app", app), ("revision", revision), ("flow", flow), ("walkthrough", walkthrough), ("experiment", experiment),
            ("concludedExperiment", concludedExperiment),
            ("diagnostics", diagnostics), ("fieldProblems", fieldProblems), ("rotatedKey", rotatedKey), ("reportScope", reportScope),
            ("variationCells", variationCells),
            ("audit", audit), ("people", people), ("tokens", tokens),
            ("stepEditor", stepEditor), ("hintEditor", hintEditor), ("experimentForm", experimentForm),
        ]
    }

    static let layout = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · Waypoint</title>
        <link rel="stylesheet" href="/dashboard.css">
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
        <a class="brand" href="/apps">Waypoint</a>
        {{#signedIn}}
        <nav aria-label="Main"><a href="/apps">Apps</a> {{#mayManagePeople}}<a href="/people">People</a> {{/mayManagePeople}}<a href="/tokens">Tokens</a></nav>
        <form method="post" action="/logout" class="signout">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">Sign out</button>
        </form>
        {{/signedIn}}
        </header>
        <main id="main" tabindex="-1">
        {{{body}}}
        </main>
        </body>
        </html>

        """

    static let error = """
        <h1>{{heading}}</h1>
        <p role="alert">{{message}}</p>
        {{#back}}<p><a href="{{href}}">{{label}}</a></p>{{/back}}
        """

    static let diagnostics = """
        {{#diagnostics}}
        <table class="diagnostics">
        <caption>{{caption}}</caption>
        <thead><tr><th scope="col">Where</th><th scope="col">Severity</th><th scope="col">Message</th><th scope="col">Code</th></tr></thead>
        <tbody>
        {{#rows}}<tr class="{{severity}}"><td>{{location}}</td><td>{{severity}}</td><td>{{message}}</td><td><code>{{code}}</code></td></tr>
        {{/rows}}
        </tbody>
        </table>
        {{/diagnostics}}
        """

    /// A problem beside the field it concerns, or above a form (the context is a ``FieldProblem``).
    static let fieldProblems = """
        <p class="notice {{severity}}" role="alert">{{message}}{{#code}} <code>{{code}}</code>{{/code}}</p>
        """
}
