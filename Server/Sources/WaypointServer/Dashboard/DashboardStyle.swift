import Hummingbird

/// The dashboard's one stylesheet, served at `/dashboard.css` (the pages allow no inline style).
///
/// Colours keep at least 4.5:1 contrast on white; focus is always visible.
enum DashboardStyle {
    static let css = """
        :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1f; background: #fff; }
        body { margin: 0; line-height: 1.45; }
        .skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; z-index: 1; }
        .top { display: flex; align-items: center; gap: 1.5rem; padding: .75rem 1.5rem; background: #1f3a5f; color: #fff; }
        .top a { color: #fff; } .brand { font-weight: 700; text-decoration: none; font-size: 1.1rem; }
        .signout { margin-left: auto; } .signout button { background: transparent; color: #fff; border: 1px solid #fff; }
        main { padding: 1rem 1.5rem 3rem; max-width: 1200px; }
        a { color: #0b4fa8; } a:focus, button:focus, input:focus, select:focus, textarea:focus, summary:focus { outline: 3px solid #b35900; outline-offset: 2px; }
        h1 .id { color: #4a4a55; font-weight: 400; font-size: 1rem; }
        .crumbs { margin: 0; color: #4a4a55; }
        table { border-collapse: collapse; margin: .5rem 0 1.5rem; min-width: 50%; }
        caption { text-align: left; color: #4a4a55; padding-bottom: .25rem; }
        th, td { border-bottom: 1px solid #c9c9d1; padding: .35rem .6rem; text-align: left; vertical-align: top; }
        thead th { border-bottom: 2px solid #1b1b1f; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        tr.unknown th, tr.unknown td { color: #6b4400; }
        tr.untaken td, td.warn { color: #a3001b; font-weight: 600; }
        tr.danger { background: #fde8eb; }
        ul.changes { padding-left: 1.2rem; } ul.changes li.removed { color: #a3001b; } ul.changes li.added { color: #1f6f3a; }
        table.texts td.missing { background: #fff6e0; } table.texts input { width: 100%; box-sizing: border-box; }
        figure.overlay-preview svg { max-width: 390px; border: 1px solid #c9c9d1; }
        .notice { padding: .6rem .8rem; border-left: 4px solid #1f6f3a; background: #eef7f0; }
        .notice.error { border-color: #a3001b; background: #fde8eb; }
        .notice.warning { border-color: #8a5a00; background: #fff6e0; }
        .hint { color: #4a4a55; font-size: .9em; }
        form.stack { display: grid; gap: .4rem; max-width: 40rem; margin-bottom: 1.5rem; }
        form.inline { display: flex; gap: .5rem; align-items: center; margin-bottom: 1rem; }
        input, textarea, select, button { font: inherit; padding: .35rem .5rem; border: 1px solid #6b6b76; border-radius: 4px; }
        textarea { font-family: ui-monospace, monospace; font-size: .85rem; }
        button { background: #0b4fa8; color: #fff; border-color: #0b4fa8; cursor: pointer; justify-self: start; }
        .check { display: flex; gap: .5rem; align-items: baseline; }
        dl.totals { display: flex; flex-wrap: wrap; gap: 1.5rem; margin: .5rem 0 1rem; }
        dl.totals div { min-width: 7rem; } dt { color: #4a4a55; font-size: .9em; } dd { margin: 0; font-size: 1.4rem; font-weight: 600; }
        nav.groups ul { display: flex; gap: 1rem; padding: 0; list-style: none; }
        figure { margin: 0 0 1rem; overflow-x: auto; } figure svg { max-width: 100%; height: auto; }
        figure svg.wp-funnel-bars { max-width: 900px; }
        code { font-family: ui-monospace, monospace; font-size: .9em; }
        details { margin-bottom: 1.5rem; }
        section.scope { margin: .5rem 0 1.5rem; padding: .6rem .8rem; border-left: 4px solid #1f3a5f; background: #f2f5f9; }
        section.scope p { margin: .3rem 0; } section.scope form.inline { margin: .3rem 0; }
        span.rate { color: #4a4a55; font-size: .85em; } span.rate::before { content: "("; } span.rate::after { content: ")"; }
        form.experiment-form { max-width: 52rem; } fieldset.field { border: 1px solid #c9c9d1; border-radius: 4px; padding: .5rem .8rem; }
        .field .row { display: flex; flex-wrap: wrap; gap: .4rem; align-items: baseline; margin: .3rem 0; }
        button.secondary { background: #fff; color: #0b4fa8; } button.default-action { position: absolute; left: -9999px; } section.decide form.inline { margin-bottom: .4rem; }
        """

    /// `GET /dashboard.css`.
    static func response() -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=300"],
            body: .init(byteBuffer: ByteBuffer(string: css)))
    }
}
