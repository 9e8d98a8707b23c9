extension Templates {
    static let flow = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> ›</p>
        <h1>Flow {{flowID}}</h1>
        {{#scope}}{{> reportScope}}{{/scope}}
        {{#experiments}}<p class="experiment-link">Experiment <a href="{{href}}">{{key}}</a>: its variations compared, with statistics.</p>{{/experiments}}
        {{#hasGroups}}<nav aria-label="Groups" class="groups"><ul>{{#groups}}<li><a href="#{{anchor}}">{{title}}</a></li>{{/groups}}</ul></nav>{{/hasGroups}}
        {{#groups}}
        <section aria-labelledby="{{anchor}}">
        <h2 id="{{anchor}}">{{title}}</h2>
        {{#note}}<p class="hint group-note">{{note}}</p>{{/note}}
        <dl class="totals">
        <div><dt>Started</dt><dd data-figure="started">{{started}}</dd></div>
        <div><dt>Completed</dt><dd data-figure="completed">{{completed}}</dd></div>
        <div><dt>Abandoned</dt><dd data-figure="abandoned">{{abandoned}}</dd></div>
        <div><dt>In progress</dt><dd data-figure="inProgress">{{inProgress}}</dd></div>
        <div><dt>Completion rate</dt><dd data-figure="completionRate">{{completionRate}}</dd></div>
        <div><dt>Median time to complete</dt><dd>{{medianToComplete}}</dd></div>
        </dl>
        <h3>Where users drop off</h3>
        <figure>{{{bars}}}</figure>
        <table class="steps">
        <caption>Per step: users who saw it, skipped it by its condition, stopped on it (and their share of those who saw it), and how they left it</caption>
        <thead><tr><th scope="col">Step</th><th scope="col">Viewed</th><th scope="col">Skipped by condition</th><th scope="col">Dropped here</th><th scope="col">Drop rate (of viewers)</th><th scope="col">Median time</th><th scope="col">Outcomes</th></tr></thead>
        <tbody>
        {{#steps}}<tr{{^inDocument}} class="unknown"{{/inDocument}}><th scope="row"><code>{{id}}</code>{{^inDocument}} <span class="hint">(not in the document)</span>{{/inDocument}}</th><td class="number">{{viewed}}</td><td class="number">{{skipped}}</td><td class="number">{{droppedHere}}</td><td class="number" data-figure="dropRate">{{dropRate}}</td><td class="number">{{median}}</td><td>{{outcomes}}</td></tr>
        {{/steps}}
        </tbody>
        </table>
        {{#hasGraph}}
        <h3>The designed graph with real traffic</h3>
        <p class="hint graph-note">{{graphNote}}</p>
        <figure>{{{graph}}}</figure>
        <details>
        <summary>The graph as a table</summary>
        <table class="edges">
        <caption>Every designed edge and the users who took it{{#hasUntaken}}; edges nobody took are marked{{/hasUntaken}}</caption>
        <thead><tr><th scope="col">From</th><th scope="col">Outcome</th><th scope="col">To</th><th scope="col">Users</th></tr></thead>
        <tbody>
        {{#edges}}<tr{{#untaken}} class="untaken"{{/untaken}}><td><code>{{from}}</code></td><td>{{outcome}}</td><td><code>{{to}}</code></td><td class="number">{{users}}{{#untaken}} (nobody){{/untaken}}</td></tr>
        {{/edges}}
        </tbody>
        </table>
        </details>
        {{/hasGraph}}
        </section>
        {{/groups}}
        <section aria-labelledby="split">
        <h2 id="split">Drop-off by {{splitTitle}}</h2>
        <p class="selector" data-scope="split">Split by: {{#splitLinks}}{{#current}}<strong aria-current="page">{{label}}</strong>{{/current}}{{^current}}<a href="{{href}}">{{label}}</a>{{/current}} {{/splitLinks}}</p>
        {{#hasSplitValues}}
        <table class="versions">
        <caption>{{splitCaption}}</caption>
        <thead><tr><th scope="col">Step</th>{{#splitValues}}<th scope="col">{{.}}</th>{{/splitValues}}</tr></thead>
        <tbody>
        {{#splitRows}}<tr><th scope="row"><code>{{step}}</code></th>{{#cells}}<td class="number">{{.}}</td>{{/cells}}</tr>
        {{/splitRows}}
        </tbody>
        </table>
        {{/hasSplitValues}}
        {{#splitNote}}<p class="hint" data-figure="splitNote">{{splitNote}}</p>{{/splitNote}}
        </section>
        {{#withoutStart}}<p class="hint">{{withoutStart}}</p>{{/withoutStart}}
        {{#invalidLines}}<p class="hint">{{invalidLines}} stored lines were not valid events and were ignored.</p>{{/invalidLines}}
        {{#folded}}<p class="hint">{{folded}}</p>{{/folded}}
        """

    static let walkthrough = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> ›</p>
        <h1>Walkthrough {{walkthroughID}}</h1>
        {{#scope}}{{> reportScope}}{{/scope}}
        {{#groups}}
        <section aria-labelledby="{{anchor}}">
        <h2 id="{{anchor}}">{{title}}</h2>
        {{#note}}<p class="hint group-note">{{note}}</p>{{/note}}
        <dl class="totals">
        <div><dt>Started</dt><dd data-figure="started">{{started}}</dd></div>
        <div><dt>Completed</dt><dd data-figure="completed">{{completed}}</dd></div>
        <div><dt>Completion rate</dt><dd data-figure="completionRate">{{completionRate}}</dd></div>
        </dl>
        <h3>Where users drop off</h3>
        <figure>{{{bars}}}</figure>
        <table class="steps">
        <caption>Per hint: users who saw it (share of those who started), completed it (and how), skipped it, whose target was not on screen, and who stopped on it; rates are of the users it was shown to</caption>
        <thead><tr><th scope="col">Step</th><th scope="col">Shown</th><th scope="col">Completed</th><th scope="col">Skipped</th><th scope="col">Target not found</th><th scope="col">Dropped here</th></tr></thead>
        <tbody>
        {{#steps}}<tr{{^inDocument}} class="unknown"{{/inDocument}}><th scope="row"><code>{{id}}</code>{{^inDocument}} <span class="hint">(not in the document)</span>{{/inDocument}}</th><td class="number">{{shown}} <span class="rate" data-figure="shownRate">{{shownRate}}</span></td><td class="number">{{completed}} <span class="rate" data-figure="completedRate">{{completedRate}}</span>{{#triggers}} <span class="hint">({{triggers}})</span>{{/triggers}}</td><td class="number">{{skipped}} <span class="rate" data-figure="skippedRate">{{skippedRate}}</span></td><td class="number{{#warnTargetNotFound}} warn{{/warnTargetNotFound}}">{{targetNotFound}}</td><td class="number">{{droppedHere}} <span class="rate" data-figure="dropRate">{{dropRate}}</span></td></tr>
        {{/steps}}
        </tbody>
        </table>
        </section>
        {{/groups}}
        {{#withoutStart}}<p class="hint">{{withoutStart}}</p>{{/withoutStart}}
        {{#invalidLines}}<p class="hint">{{invalidLines}} stored lines were not valid events and were ignored.</p>{{/invalidLines}}
        {{#folded}}<p class="hint">{{folded}}</p>{{/folded}}
        """

    /// What a report page shows and the selectors that change it: plain links and one GET form, no script.
    static let reportScope = """
        <section class="scope" aria-label="What this page shows">
        <p class="scope-summary" data-scope="summary"><strong>{{environment}}</strong> events only · {{revision}} · {{range}}.</p>
        <p class="selector">Environment: {{#environments}}{{#current}}<strong aria-current="page">{{label}}</strong>{{/current}}{{^current}}<a href="{{href}}">{{label}}</a>{{/current}} {{/environments}}</p>
        <form method="get" class="inline">
        <input type="hidden" name="environment" value="{{environment}}">
        {{#hiddenSince}}<input type="hidden" name="since" value="{{hiddenSince}}">{{/hiddenSince}}
        {{#hiddenUntil}}<input type="hidden" name="until" value="{{hiddenUntil}}">{{/hiddenUntil}}
        {{#pageFields}}<input type="hidden" name="{{name}}" value="{{value}}">{{/pageFields}}
        <label for="revision">Runs of</label>
        <select id="revision" name="revision">{{#revisionOptions}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/revisionOptions}}</select>
        <button type="submit">Show</button>
        </form>
        <p class="selector">Users who started: {{#ranges}}{{#current}}<strong aria-current="page">{{label}}</strong>{{/current}}{{^current}}<a href="{{href}}">{{label}}</a>{{/current}} · {{/ranges}}</p>
        {{#publishNote}}<p class="hint">{{publishNote}}</p>{{/publishNote}}
        {{#experimentNote}}<p class="hint" data-scope="experiment">{{experimentNote}}</p>{{/experimentNote}}
        </section>
        """
}

extension Templates {
    /// A variation's first cells in an experiment's tables: its name (and whether it is the control),
    /// users, conversions, rate, and against the control its uplift, p-value and chance to win.
    static let variationCells = """
        <th scope="row">{{name}}{{#isControl}} <span class="hint">(control)</span>{{/isControl}}</th><td class="number" data-figure="users">{{users}}</td><td class="number" data-figure="conversions">{{conversions}}</td><td class="number" data-figure="rate">{{rate}}</td><td class="number" data-figure="uplift">{{uplift}}</td><td class="number" data-figure="pValue">{{pValue}}</td><td class="number" data-figure="chanceToWin">{{chanceToWin}}</td>
        """

    /// An experiment's page: the variations side by side, the uplift around zero, the per-step comparison.
    static let concludedExperiment = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> › <a href="/apps/{{appID}}#experiments">experiments</a> ›</p>
        <h1>Experiment {{experiment}}</h1>
        <p class="notice" role="status" data-figure="conclusion">{{headline}}</p>
        <p>It ran in {{environment}} in revisions <span data-figure="revisions">{{revisions}}</span>, first published on {{firstPublished}} and last on {{lastPublished}}. Its figures were frozen when it concluded: later events do not change them.</p>
        {{#hypothesis}}<p>Hypothesis: <q data-figure="hypothesis">{{hypothesis}}</q></p>{{/hypothesis}}
        <section aria-labelledby="variations">
        <h2 id="variations">Variations, goal <code data-figure="goal">{{goal}}</code></h2>
        {{#hasVariations}}
        <table class="variations">
        <caption>Users exposed to each variation over the whole run, those who reached the goal after exposure, and each variation against the control: relative uplift with its 95% interval, p-value and chance to win</caption>
        <thead><tr><th scope="col">Variation</th><th scope="col">Users</th><th scope="col">Conversions</th><th scope="col">Rate</th><th scope="col">Uplift [95% interval]</th><th scope="col">p-value</th><th scope="col">Chance to win</th></tr></thead>
        <tbody>
        {{#variations}}<tr data-variation="{{name}}">{{> variationCells}}</tr>
        {{/variations}}
        </tbody>
        </table>
        <p class="hint">{{testNote}}</p>
        {{/hasVariations}}
        {{^hasVariations}}<p>No report could be made of it when it concluded.</p>{{/hasVariations}}
        </section>
        """

    static let experiment = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> › <a href="{{subjectHref}}">{{subject}}</a> ›</p>
        <h1>Experiment {{experiment}}</h1>
        {{#scope}}{{> reportScope}}{{/scope}}
        {{#srmWarning}}<p class="notice error" role="alert" data-figure="srmWarning">{{srmWarning}}</p>{{/srmWarning}}
        <form method="get" class="inline" aria-label="Goal">
        {{#goalFields}}<input type="hidden" name="{{name}}" value="{{value}}">{{/goalFields}}
        <label for="goal">Goal, counted after exposure</label>
        <select id="goal" name="goal">{{#goals}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/goals}}</select>
        <button type="submit">Show</button>
        </form>
        <p class="hint" data-figure="test">{{testNote}} <a href="{{otherTestHref}}">{{otherTestLabel}}</a>.</p>
        <section aria-labelledby="variations">
        <h2 id="variations">Variations, goal <code data-figure="goal">{{goal}}</code></h2>
        <table class="variations">
        <caption>Users exposed to each variation, those who reached the goal after exposure, and each variation against the control: relative uplift with its 95% interval, p-value, chance to win, and the risk (expected relative loss of choosing the control / the variation)</caption>
        <thead><tr><th scope="col">Variation</th><th scope="col">Users</th><th scope="col">Conversions</th><th scope="col">Rate</th><th scope="col">Uplift [95% interval]</th><th scope="col">p-value</th><th scope="col">Chance to win</th><th scope="col">Risk</th></tr></thead>
        <tbody>
        {{#variations}}<tr data-variation="{{name}}">{{> variationCells}}<td class="number" data-figure="risk">{{risk}}</td></tr>
        {{#note}}<tr class="note"><td colspan="8" class="hint">{{note}}</td></tr>{{/note}}
        {{/variations}}
        </tbody>
        </table>
        {{#sampleRatio}}<p class="hint" data-figure="sampleRatio">{{sampleRatio}}</p>{{/sampleRatio}}
        {{#multipleVariations}}<p class="hint">{{multipleVariations}} users were seen in more than one variation; each counts in the first.</p>{{/multipleVariations}}
        {{#undeclaredVariationUsers}}<p class="hint">{{undeclaredVariationUsers}} users were exposed with a variation the experiment does not declare and are not counted.</p>{{/undeclaredVariationUsers}}
        </section>
        <section aria-labelledby="per-value">
        <h2 id="per-value">Per app version, locale or platform</h2>
        <p class="selector" data-scope="split">Compare per: {{#splitLinks}}{{#current}}<strong aria-current="page">{{label}}</strong>{{/current}}{{^current}}<a href="{{href}}">{{label}}</a>{{/current}} {{/splitLinks}}</p>
        {{#dimensionNote}}<p class="hint">{{dimensionNote}}</p>{{/dimensionNote}}
        {{#dimensionGroups}}
        <table class="variations" data-value="{{value}}">
        <caption>{{title}}: users exposed to each variation, those who reached the goal after exposure, and each variation against the control</caption>
        <thead><tr><th scope="col">Variation</th><th scope="col">Users</th><th scope="col">Conversions</th><th scope="col">Rate</th><th scope="col">Uplift [95% interval]</th><th scope="col">p-value</th><th scope="col">Chance to win</th></tr></thead>
        <tbody>
        {{#variations}}<tr data-variation="{{name}}">{{> variationCells}}</tr>
        {{/variations}}
        </tbody>
        </table>
        {{/dimensionGroups}}
        </section>
        <section aria-labelledby="power">
        <h2 id="power">When the test is done</h2>
        <p class="hint">Users each variation needs to detect an uplift of <span data-figure="minimumDetectableEffect">{{minimumDetectableEffect}}</span> at the control's rate (fixed-horizon test, alpha 0.05, power 0.8), and the days left at each variation's traffic of the last 7 days.</p>
        <ul>
        {{#power}}<li data-power="{{name}}"><strong>{{name}}</strong>: {{text}}</li>{{/power}}
        </ul>
        </section>
        {{#guardrails}}
        <section aria-label="Guardrail {{goal}}" data-guardrail="{{goal}}">
        <h2>Guardrail <code>{{goal}}</code></h2>
        {{#warnings}}<p class="notice error" role="alert">{{.}}</p>{{/warnings}}
        <table class="variations">
        <caption>A goal that must not get worse: users who reached it after exposure, and each variation against the control</caption>
        <thead><tr><th scope="col">Variation</th><th scope="col">Users</th><th scope="col">Conversions</th><th scope="col">Rate</th><th scope="col">Uplift [95% interval]</th><th scope="col">p-value</th></tr></thead>
        <tbody>
        {{#variations}}<tr data-variation="{{name}}"><th scope="row">{{name}}{{#isControl}} <span class="hint">(control)</span>{{/isControl}}</th><td class="number">{{users}}</td><td class="number">{{conversions}}</td><td class="number">{{rate}}</td><td class="number" data-figure="uplift">{{uplift}}</td><td class="number">{{pValue}}</td></tr>
        {{/variations}}
        </tbody>
        </table>
        </section>
        {{/guardrails}}
        {{#decision}}
        <section aria-labelledby="decide" class="decide">
        <h2 id="decide">End the test</h2>
        <p class="hint">Each button makes a new revision from revision {{publishedRevision}}, which {{environment}} serves, and opens its publish preview: nothing changes for users until it is published.</p>
        {{#variations}}<form method="post" action="{{shipAction}}" class="inline">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="variation" value="{{.}}">
        <button type="submit">Ship {{.}}</button> <span class="hint">everyone gets {{.}}</span>
        </form>
        {{/variations}}
        <form method="post" action="{{stopAction}}" class="inline">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">Stop</button> <span class="hint">everyone gets {{control}} (the control)</span>
        </form>
        </section>
        {{/decision}}
        <section aria-labelledby="uplift">
        <h2 id="uplift">Uplift over the control</h2>
        <div class="side-by-side">
        <figure aria-hidden="true">{{{upliftChart}}}</figure>
        <table class="uplift">
        <caption>The uplift chart's figures, as a table</caption>
        <thead><tr><th scope="col">Variation</th><th scope="col">Uplift [95% interval]</th></tr></thead>
        <tbody>
        {{#variations}}{{^isControl}}<tr><th scope="row">{{name}}</th><td class="number">{{uplift}}</td></tr>{{/isControl}}{{/variations}}
        </tbody>
        </table>
        </div>
        </section>
        <section aria-labelledby="per-step">
        <h2 id="per-step">Where a variation changes behaviour</h2>
        <table class="steps">
        <caption>Per step: the share of each variation's users who viewed it after exposure; in brackets the uplift over the control and its p-value</caption>
        <thead><tr><th scope="col">Step</th>{{#stepVariations}}<th scope="col">{{.}}</th>{{/stepVariations}}</tr></thead>
        <tbody>
        {{#steps}}<tr data-step="{{id}}"><th scope="row"><code>{{id}}</code></th>{{#cells}}<td class="number">{{rate}}{{#comparison}} <span class="hint">({{comparison}})</span>{{/comparison}}</td>{{/cells}}</tr>
        {{/steps}}
        </tbody>
        </table>
        </section>
        {{#invalidLines}}<p class="hint">{{invalidLines}} stored lines were not valid events and were ignored.</p>{{/invalidLines}}
        """
}
