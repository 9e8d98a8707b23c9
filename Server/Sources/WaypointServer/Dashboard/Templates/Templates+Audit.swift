extension Templates {
    static let audit = """
        <p class="crumbs"><a href="/apps">Apps</a> ›</p>
        <h1>Audit log</h1>
        <p>Who did what and when, newest first. Entries are only ever added: nobody can change or delete one.</p>
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        <form method="get" action="/audit" class="stack" aria-label="Filter the audit log">
        <label for="audit-app">App</label>
        <input id="audit-app" name="app" maxlength="64" value="{{app}}">
        <label for="audit-action">Action</label>
        <select id="audit-action" name="action">
        {{#actions}}<option value="{{code}}"{{#selected}} selected{{/selected}}>{{label}}</option>
        {{/actions}}
        </select>
        <label for="audit-actor">Actor <span class="hint">(an id, such as <code>admin</code> or <code>retention</code>)</span></label>
        <input id="audit-actor" name="actor" maxlength="200" value="{{actor}}">
        <label for="audit-since">From <span class="hint">(included)</span></label>
        <input id="audit-since" name="since" type="date" value="{{since}}">
        <label for="audit-until">Until <span class="hint">(excluded)</span></label>
        <input id="audit-until" name="until" type="date" value="{{until}}">
        <button type="submit">Filter</button>
        </form>
        {{#hasEntries}}
        <table>
        <caption>Audit entries, newest first</caption>
        <thead><tr><th scope="col">#</th><th scope="col">When (UTC)</th><th scope="col">Who</th><th scope="col">From</th><th scope="col">Action</th><th scope="col">App</th><th scope="col">Environment</th><th scope="col">Target</th><th scope="col">Details</th></tr></thead>
        <tbody>
        {{#rows}}<tr data-entry="{{id}}"><td class="number">{{id}}</td><td>{{at}}</td><td><span data-actor="{{actorID}}">{{actor}}</span></td><td>{{address}}</td><td>{{action}}</td><td>{{app}}</td><td>{{environment}}</td><td>{{target}}</td><td><details><summary>Details</summary><pre>{{details}}</pre></details></td></tr>
        {{/rows}}
        </tbody>
        </table>
        {{/hasEntries}}
        {{^hasEntries}}<p>No entries match these filters.</p>{{/hasEntries}}
        {{#older}}<p><a href="{{older}}" rel="next">Older entries</a></p>{{/older}}
        """
}
