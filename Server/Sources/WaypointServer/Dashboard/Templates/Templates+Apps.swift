extension Templates {
    static let signIn = """
        <h1>Sign in</h1>
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        {{#withAccount}}
        <form method="post" action="/login" class="stack">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="next" value="{{next}}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required autofocus>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required>
        <button type="submit">Sign in</button>
        </form>
        {{/withAccount}}
        {{^withAccount}}
        <p>No owner account exists yet: sign in with the server's admin token (the value of <code>WAYPOINT_ADMIN_TOKEN</code>),
        then create the first owner on the People page. From then on, everyone signs in with their email and password.</p>
        <form method="post" action="/login" class="stack">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="next" value="{{next}}">
        <label for="token">Admin token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
        <button type="submit">Sign in</button>
        </form>
        {{/withAccount}}
        """

    static let apps = """
        <h1>Apps</h1>
        {{#mayReadAudit}}<p><a href="/audit">Audit log</a>: who created apps, uploaded, published, changed keys and erased users, and when.</p>{{/mayReadAudit}}
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        {{#hasApps}}
        <table>
        <caption>Apps on this server: what each environment runs and the events it received</caption>
        <thead><tr><th scope="col">App</th><th scope="col">Name</th><th scope="col">Environment</th><th scope="col">Published</th><th scope="col">Last event</th><th scope="col">Events in 24 h</th><th scope="col">Revisions</th></tr></thead>
        <tbody>
        {{#rows}}<tr><td><a href="/apps/{{id}}">{{id}}</a></td><td>{{name}}</td><td>{{environment}}</td><td>{{published}}</td><td>{{lastEvent}}</td><td class="number" data-figure="events-24h-{{environment}}">{{eventsLast24h}}</td><td class="number">{{revisions}}</td></tr>
        {{/rows}}
        </tbody>
        </table>
        {{/hasApps}}
        {{^hasApps}}<p>No apps yet.{{#mayCreateApps}} Create the first one below.{{/mayCreateApps}}</p>{{/hasApps}}
        {{#mayCreateApps}}
        <h2 id="create">Create an app</h2>
        <form method="post" action="/apps" class="stack" aria-labelledby="create">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="app-id">Id <span class="hint">(letters, digits, <code>.</code> <code>_</code> <code>-</code>; used in URLs)</span></label>
        <input id="app-id" name="id" required maxlength="64" pattern="[A-Za-z0-9._-]+" value="{{formID}}">
        <label for="app-name">Name</label>
        <input id="app-name" name="name" required maxlength="200" value="{{formName}}">
        <button type="submit">Create app</button>
        </form>
        {{/mayCreateApps}}
        """

    static let createdApp = """
        <h1>App {{id}} created</h1>
        <p class="notice" role="status">Copy the SDK keys now: the server keeps only their hashes and cannot show them again.</p>
        <table>
        <caption>SDK keys of {{name}}</caption>
        <thead><tr><th scope="col">Environment</th><th scope="col">SDK key</th></tr></thead>
        <tbody>
        {{#keys}}<tr><td>{{environment}}</td><td><code>{{key}}</code></td></tr>
        {{/keys}}
        </tbody>
        </table>
        <p><a href="/apps/{{id}}">Go to {{name}}</a></p>
        """

    static let app = """
        <p class="crumbs"><a href="/apps">Apps</a> ›</p>
        <h1>{{name}} <span class="id">({{id}})</span></h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        {{> diagnostics}}
        <h2>Environments</h2>
        <table>
        <caption>The revision each environment serves to apps</caption>
        <thead><tr><th scope="col">Environment</th><th scope="col">Published revision</th><th scope="col">Reports</th></tr></thead>
        <tbody>
        {{#environments}}<tr><td>{{name}}</td><td>{{#revision}}<a href="/apps/{{appID}}/revisions/{{revision}}?environment={{name}}">Revision {{revision}}</a>{{/revision}}{{^revision}}nothing published{{/revision}}</td>
        <td>{{#flows}}<a href="/apps/{{appID}}/flows/{{id}}?environment={{environment}}">flow {{id}}</a> {{/flows}}{{#walkthroughs}}<a href="/apps/{{appID}}/walkthroughs/{{id}}?environment={{environment}}">walkthrough {{id}}</a> {{/walkthroughs}}{{#experiments}}<a href="/apps/{{appID}}/experiments/{{id}}?environment={{environment}}">experiment {{id}}</a> {{/experiments}}</td></tr>
        {{/environments}}
        </tbody>
        </table>
        <h2 id="experiments">Experiments</h2>
        {{#environments}}
        {{#hasExperimentRows}}
        <table data-experiments="{{name}}">
        <caption>Experiments of {{name}}: those running, then those concluded, newest first</caption>
        <thead><tr><th scope="col">Experiment</th><th scope="col">Status</th><th scope="col">Goal</th><th scope="col">Published</th><th scope="col">Decision</th></tr></thead>
        <tbody>
        {{#experimentRows}}<tr data-experiment="{{key}}" data-status="{{status}}"><td><a href="{{href}}">{{key}}</a></td><td>{{status}}</td><td><code>{{goal}}</code></td><td>{{period}}</td><td data-figure="decision">{{decision}}</td></tr>
        {{/experimentRows}}
        </tbody>
        </table>
        {{/hasExperimentRows}}
        {{^hasExperimentRows}}<p>No experiment has run in {{name}}.</p>{{/hasExperimentRows}}
        {{/environments}}
        <h2 id="keys">SDK keys</h2>
        <p>Keys are named by their first characters; the server keeps only their hashes.{{#mayManageKeys}} Rotating makes a new key, shown once, and lets the keys it replaces work for the hours you give (0 ends them at once).{{/mayManageKeys}}{{^mayManageKeys}} Owners rotate and revoke them.{{/mayManageKeys}}</p>
        {{#environments}}
        <table>
        <caption>Keys of {{name}}, oldest first</caption>
        <thead><tr><th scope="col">Key</th><th scope="col">Made</th><th scope="col">Works until</th><th scope="col">Status</th>{{#mayManageKeys}}<th scope="col">Revoke</th>{{/mayManageKeys}}</tr></thead>
        <tbody>
        {{#keys}}<tr><td><code>{{prefix}}…</code></td><td>{{createdAt}}</td><td>{{expiresAt}}</td><td>{{status}}</td>
        {{#mayManageKeys}}<td>{{#isRetiring}}<form method="post" action="/apps/{{appID}}/environments/{{environment}}/keys/{{prefix}}/revoke"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Revoke {{prefix}} now</button></form>{{/isRetiring}}</td>{{/mayManageKeys}}</tr>
        {{/keys}}
        </tbody>
        </table>
        {{#mayManageKeys}}
        <form method="post" action="/apps/{{appID}}/environments/{{name}}/keys" class="stack">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="grace-{{name}}">Hours the replaced {{name}} keys keep working</label>
        <input id="grace-{{name}}" name="graceHours" type="number" min="0" max="720" step="1" value="24" required>
        <button type="submit">Rotate the {{name}} key</button>
        </form>
        {{/mayManageKeys}}
        {{/environments}}
        <h2>Revisions</h2>
        {{#hasRevisions}}
        <table>
        <caption>Every revision, newest first; revisions never change once stored</caption>
        <thead><tr><th scope="col">Revision</th><th scope="col">Stored</th><th scope="col">SHA-256</th><th scope="col">Published to</th><th scope="col">Made by</th><th scope="col">Changes</th></tr></thead>
        <tbody>
        {{#revisions}}<tr><td><a href="/apps/{{appID}}/revisions/{{revision}}">Revision {{revision}}</a></td><td>{{createdAt}}</td><td><code>{{shortHash}}</code></td><td>{{publishedTo}}</td>
        <td>{{#madeFrom}}edits of revision {{madeFrom}}<ul class="edits">{{#edits}}<li>{{.}}</li>{{/edits}}</ul>{{/madeFrom}}{{^madeFrom}}an upload{{/madeFrom}}</td>
        <td>{{#previous}}<a href="/apps/{{appID}}/revisions/{{revision}}?against={{previous}}">diff with {{previous}}</a>{{/previous}}</td></tr>
        {{/revisions}}
        </tbody>
        </table>
        {{/hasRevisions}}
        {{^hasRevisions}}<p>No revisions yet{{#mayUpload}}: upload a document below or with <code>waypoint publish</code>{{/mayUpload}}.</p>{{/hasRevisions}}
        {{#mayUpload}}
        <h2 id="upload">Upload a revision</h2>
        <form method="post" action="/apps/{{id}}/revisions" class="stack" aria-labelledby="upload">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="document">Document (JSON)</label>
        <textarea id="document" name="document" rows="12" required spellcheck="false">{{draft}}</textarea>
        <button type="submit">Check and store</button>
        </form>
        {{/mayUpload}}
        """
}

extension Templates {
    static let rotatedKey = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> ›</p>
        <h1>New {{environment}} key of {{appName}}</h1>
        <p class="notice" role="status">Copy the SDK key now: the server keeps only its hash and cannot show it again.</p>
        <p><code>{{key}}</code></p>
        {{#hasPrevious}}<table>
        <caption>The keys it replaces, which keep working until then</caption>
        <thead><tr><th scope="col">Key</th><th scope="col">Works until</th></tr></thead>
        <tbody>
        {{#previous}}<tr><td><code>{{prefix}}…</code></td><td>{{expiresAt}}</td></tr>
        {{/previous}}
        </tbody>
        </table>{{/hasPrevious}}
        {{^hasPrevious}}<p>The keys it replaces stopped working at once.</p>{{/hasPrevious}}
        <p><a href="/apps/{{appID}}#keys">Back to {{appName}}</a></p>
        """
}
