extension Templates {
    static let revision = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> ›</p>
        <h1>Revision {{revision}}</h1>
        <p>Stored {{createdAt}} · SHA-256 <code>{{sha256}}</code> · {{#publishedTo}}published to {{publishedTo}}{{/publishedTo}}{{^publishedTo}}not published{{/publishedTo}}</p>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        {{> diagnostics}}
        <section aria-labelledby="experiments">
        <h2 id="experiments">Experiments</h2>
        {{#hasExperiments}}<ul>{{#experiments}}<li data-experiment="{{key}}"><code>{{key}}</code>: {{summary}}{{#editHref}} · <a href="{{editHref}}">Edit</a>{{/editHref}}</li>
        {{/experiments}}</ul>{{/hasExperiments}}
        {{^hasExperiments}}<p>This revision declares no experiment.</p>{{/hasExperiments}}
        {{#newExperimentHref}}<p><a href="{{newExperimentHref}}">Add an experiment</a> <span class="hint">(makes a new draft revision from this one)</span></p>{{/newExperimentHref}}
        </section>
        <h2 id="changes">Changes {{#against}}since revision {{against}}{{/against}}{{^against}}(the first revision){{/against}}</h2>
        {{#hasAgainstChoices}}
        <form method="get" action="/apps/{{appID}}/revisions/{{revision}}" class="inline">
        <input type="hidden" name="environment" value="{{environment}}">
        <label for="against">Compare with revision</label>
        <select id="against" name="against">{{#againstChoices}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/againstChoices}}</select>
        <button type="submit">Compare</button>
        </form>
        {{/hasAgainstChoices}}
        {{#hasChanges}}
        <ul class="changes">
        {{#changes}}<li class="{{kind}}">{{text}}</li>
        {{/changes}}
        </ul>
        {{/hasChanges}}
        {{^hasChanges}}{{#against}}<p>No change.</p>{{/against}}{{/hasChanges}}
        {{#hasSteps}}
        <h2 id="steps">Steps</h2>
        {{#flowSteps}}<h3>{{title}}</h3>
        <ul>{{#steps}}<li><a href="{{href}}">{{#mayEdit}}Edit{{/mayEdit}}{{^mayEdit}}View{{/mayEdit}} {{id}}</a> {{detail}}</li>{{/steps}}</ul>
        {{/flowSteps}}
        {{#hintSteps}}<h3>{{title}}</h3>
        <ul>{{#steps}}<li><a href="{{href}}">{{#mayEdit}}Edit{{/mayEdit}}{{^mayEdit}}View{{/mayEdit}} hint {{id}}</a> {{detail}}</li>{{/steps}}</ul>
        {{/hintSteps}}
        {{/hasSteps}}
        <h2 id="publish">Publish to {{environment}}</h2>
        <p>Environment: {{#environments}}{{#current}}<strong aria-current="page">{{name}}</strong>{{/current}}{{^current}}<a href="/apps/{{appID}}/revisions/{{revision}}?environment={{name}}">{{name}}</a>{{/current}} {{/environments}}</p>
        <p>{{environment}} serves {{#publishedRevision}}revision {{publishedRevision}}{{/publishedRevision}}{{^publishedRevision}}nothing yet{{/publishedRevision}}.</p>
        <table class="preview">
        <caption>What publishing revision {{revision}} to {{environment}} would do, per flow: paths, and where the users of {{environment}} apps in the middle of the flow would land when they next open the app (staging's users never count in production's figures, nor the reverse)</caption>
        <thead><tr><th scope="col">Flow</th><th scope="col">Paths now</th><th scope="col">Paths after</th><th scope="col">Users in flight</th><th scope="col">Resumed</th><th scope="col">Truncated</th><th scope="col">Discarded</th></tr></thead>
        <tbody>
        {{#flows}}<tr{{#hasDiscarded}} class="danger"{{/hasDiscarded}}><th scope="row">{{id}}</th><td class="number">{{pathsPublished}}</td><td class="number">{{pathsCandidate}}</td><td class="number">{{inFlight}}</td>
        <td>{{#resumed}}{{users}} at <code>{{step}}</code><br>{{/resumed}}</td>
        <td>{{#truncated}}{{users}} back to <code>{{step}}</code> ({{droppedVisits}} visits dropped)<br>{{/truncated}}</td>
        <td class="number">{{discarded}}</td></tr>
        {{/flows}}
        </tbody>
        </table>
        {{#isPublished}}<p>Revision {{revision}} is what {{environment}} serves now.</p>{{/isPublished}}
        {{^isPublished}}
        {{^mayPublish}}<p>Publishing needs the publisher role; this is what it would do.</p>{{/mayPublish}}
        {{#mayPublish}}
        <form method="post" action="/apps/{{appID}}/environments/{{environment}}/publish" class="stack">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="revision" value="{{revision}}">
        {{#wouldDiscard}}
        <p class="notice error" role="alert">{{discardWarning}}</p>
        <label class="check"><input type="checkbox" name="confirm" value="yes" required> I understand: {{discardSummary}}</label>
        {{/wouldDiscard}}
        <button type="submit">{{publishLabel}}</button>
        </form>
        {{/mayPublish}}
        {{/isPublished}}
        <p class="hint">The same preview as JSON: <code>GET /v1/apps/{{appID}}/revisions/{{revision}}/preview?environment={{environment}}</code> with a personal API token (Tokens).</p>
        """
}
