extension Templates {
    static let people = """
        <h1>People</h1>
        {{#bootstrap}}<p class="notice">You are signed in with the admin token because no owner account exists yet. Create the first owner below, then sign in as them: the admin token stops signing in here from then on.</p>{{/bootstrap}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        <table>
        <caption>Accounts on this server: viewers read reports, editors also upload revisions, publishers also publish, owners also manage apps, keys and people</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Since</th><th scope="col">Change</th></tr></thead>
        <tbody>
        {{#rows}}<tr data-account="{{email}}"><td>{{name}}{{#isYou}} (you){{/isYou}}</td><td>{{email}}</td><td>{{role}}</td><td>{{createdAt}}</td><td>
        <form method="post" action="/people/{{id}}/role" class="inline"><input type="hidden" name="csrf" value="{{csrf}}">
        <label for="role-{{id}}">Role</label> <select id="role-{{id}}" name="role">{{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/roles}}</select>
        <button type="submit">Change role</button></form>
        <form method="post" action="/people/{{id}}/password" class="inline"><input type="hidden" name="csrf" value="{{csrf}}">
        <label for="password-{{id}}">New password</label> <input id="password-{{id}}" name="password" type="password" autocomplete="new-password" required>
        <button type="submit">Set password</button></form>
        <form method="post" action="/people/{{id}}/remove" class="inline"><input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">Remove</button></form>
        </td></tr>
        {{/rows}}
        </tbody>
        </table>
        <h2 id="add">Add a person</h2>
        <form method="post" action="/people" class="stack" aria-labelledby="add">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="new-email">Email</label>
        <input id="new-email" name="email" type="email" value="{{formEmail}}" required>
        <label for="new-name">Name</label>
        <input id="new-name" name="name" value="{{formName}}" required>
        <label for="new-role">Role</label>
        <select id="new-role" name="role">{{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/roles}}</select>
        <label for="new-password">Password <span class="hint">(at least 12 characters, not a common one)</span></label>
        <input id="new-password" name="password" type="password" autocomplete="new-password" required>
        <button type="submit">Add</button>
        </form>
        """

    static let tokens = """
        <h1>Personal API tokens</h1>
        <p>Scripts and CI send a token as <code>Authorization: Bearer wpt_…</code> (<code>waypoint publish</code> reads it from <code>WAYPOINT_TOKEN</code>). A token acts with its own role, never more than yours.</p>
        {{#created}}<div class="notice" role="status"><p>Your new token, shown this once; copy it now:</p><p><code id="new-token">{{token}}</code></p><p>It is listed below as {{prefix}}.</p></div>{{/created}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        <table>
        <caption>Your tokens, newest first</caption>
        <thead><tr><th scope="col">Token</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Made</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"></th></tr></thead>
        <tbody>
        {{#rows}}<tr data-token="{{prefix}}"><td><code>{{prefix}}…</code></td><td>{{name}}</td><td>{{role}}</td><td>{{createdAt}}</td><td>{{expiresAt}}</td><td>{{lastUsedAt}}</td><td>{{status}}</td><td>
        {{#isActive}}<form method="post" action="/tokens/{{prefix}}/revoke" class="inline"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Revoke</button></form>{{/isActive}}
        </td></tr>
        {{/rows}}
        </tbody>
        </table>
        <h2 id="make">Make a token</h2>
        <form method="post" action="/tokens" class="stack" aria-labelledby="make">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="token-name">Name <span class="hint">(what it is for, such as "CI publish")</span></label>
        <input id="token-name" name="name" required>
        <label for="token-role">Role</label>
        <select id="token-role" name="role">{{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/roles}}</select>
        <label for="token-days">Expires after (days, 1 to 366)</label>
        <input id="token-days" name="expiresInDays" type="number" min="1" max="366" value="90" required>
        <button type="submit">Make token</button>
        </form>
        <h2 id="password">Your password</h2>
        <p>A new password signs you out everywhere, here included: sign in again with it.</p>
        <form method="post" action="/account/password" class="stack" aria-labelledby="password">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="current-password">Current password</label>
        <input id="current-password" name="current" type="password" autocomplete="current-password" required>
        <label for="new-password">New password <span class="hint">(at least 12 characters, not a common one)</span></label>
        <input id="new-password" name="password" type="password" autocomplete="new-password" required>
        <button type="submit">Change password</button>
        </form>
        """
}
