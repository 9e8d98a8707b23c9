extension Templates {
    static let stepEditor = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> › <a href="{{revisionHref}}">Revision {{revision}}</a> ›</p>
        <h1>Step {{stepID}} of flow {{flowID}}</h1>
        {{#variationNote}}<p class="hint">{{variationNote}}</p>{{/variationNote}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        {{#problems}}{{> fieldProblems}}{{/problems}}
        {{^mayEdit}}<p>Editing needs the editor role; this is the step as revision {{revision}} has it.</p>{{/mayEdit}}
        {{#mayEdit}}
        <form method="get" action="{{action}}" class="inline">
        {{#query}}<input type="hidden" name="{{name}}" value="{{value}}">{{/query}}
        <label for="add-locale">Add a locale</label>
        <input id="add-locale" name="add" placeholder="es, pt-BR…" pattern="[A-Za-z0-9_-]+" required>
        <button type="submit">Add the column</button>
        </form>
        <form method="post" action="{{action}}" class="stack">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="columns" value="{{columnList}}">
        {{/mayEdit}}
        <h2>Screen</h2>
        {{#mayEdit}}<label for="screen">Screen</label> <input id="screen" name="screen" value="{{screen}}">{{/mayEdit}}
        {{^mayEdit}}<p>Screen: {{screen}}</p>{{/mayEdit}}
        {{#screenProblems}}{{> fieldProblems}}{{/screenProblems}}
        {{#hasOutcomes}}
        <table class="outcomes">
        <caption>Where each outcome leads (a step of the flow, or $complete)</caption>
        <thead><tr><th scope="col">Outcome</th><th scope="col">Leads to</th></tr></thead>
        <tbody>
        {{#outcomes}}<tr><th scope="row">{{outcome}}</th><td>{{#mayEdit}}<input name="{{name}}" value="{{value}}" list="steps" aria-label="{{outcome}} leads to">{{/mayEdit}}{{^mayEdit}}{{value}}{{/mayEdit}}
        {{#problems}}{{> fieldProblems}}{{/problems}}</td></tr>
        {{/outcomes}}
        </tbody>
        </table>
        <datalist id="steps">{{#stepChoices}}<option value="{{value}}">{{/stepChoices}}</datalist>
        {{/hasOutcomes}}
        {{#hasTexts}}
        <table class="texts">
        <caption>Texts per locale; a missing translation shows the fallback users see</caption>
        <thead><tr><th scope="col">Field</th>{{#columns}}<th scope="col">{{locale}}{{#isDefault}} (default){{/isDefault}}</th>{{/columns}}</tr></thead>
        <tbody>
        {{#texts}}<tr><th scope="row">{{key}}{{#problems}}{{> fieldProblems}}{{/problems}}</th>
        {{#cells}}<td{{#missing}} class="missing"{{/missing}}>{{#mayEdit}}<input name="{{name}}" value="{{value}}" aria-label="{{key}} ({{locale}})">{{/mayEdit}}{{^mayEdit}}{{value}}{{/mayEdit}}
        {{#missing}}<p class="hint"><strong>missing</strong>: users see “{{fallback}}”</p>{{/missing}}{{#notLocalized}}<p class="hint">not translated: users see “{{fallback}}”</p>{{/notLocalized}}
        {{#problems}}{{> fieldProblems}}{{/problems}}</td>
        {{/cells}}</tr>
        {{/texts}}
        </tbody>
        </table>
        {{/hasTexts}}
        {{#hasValues}}
        <table class="values">
        <caption>Other content</caption>
        <thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead>
        <tbody>
        {{#values}}<tr><th scope="row">{{key}}</th><td>
        {{#isReadOnly}}{{value}} <span class="hint">(a list or an object: change it with the API or waypoint edit)</span>{{/isReadOnly}}
        {{^isReadOnly}}{{#mayEdit}}{{#isNumber}}<input name="{{name}}" value="{{value}}" inputmode="decimal" aria-label="{{key}}">{{/isNumber}}{{#isBool}}<select name="{{name}}" aria-label="{{key}}"><option value="true"{{#isTrue}} selected{{/isTrue}}>true</option><option value="false"{{^isTrue}} selected{{/isTrue}}>false</option></select>{{/isBool}}{{/mayEdit}}{{^mayEdit}}{{value}}{{/mayEdit}}{{/isReadOnly}}
        {{#problems}}{{> fieldProblems}}{{/problems}}</td></tr>
        {{/values}}
        </tbody>
        </table>
        {{/hasValues}}
        {{#mayEdit}}
        <button type="submit">Save as a new revision</button>
        </form>
        <p class="hint">Saving makes a draft revision from revision {{revision}}; publish it from its revision page.</p>
        {{/mayEdit}}
        """

    static let hintEditor = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> › <a href="{{revisionHref}}">Revision {{revision}}</a> ›</p>
        <h1>Hint {{stepID}} of walkthrough {{walkthroughID}}</h1>
        <p>On the element <code>{{targetElementId}}</code>.</p>
        {{#variationNote}}<p class="hint">{{variationNote}}</p>{{/variationNote}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        {{#problems}}{{> fieldProblems}}{{/problems}}
        {{^mayEdit}}<p>Editing needs the editor role; this is the hint as revision {{revision}} has it.</p>{{/mayEdit}}
        {{#mayEdit}}
        <form method="get" action="{{action}}" class="inline">
        {{#query}}<input type="hidden" name="{{name}}" value="{{value}}">{{/query}}
        <label for="add-locale">Add a locale</label>
        <input id="add-locale" name="add" placeholder="es, pt-BR…" pattern="[A-Za-z0-9_-]+" required>
        <button type="submit">Add the column</button>
        </form>
        <form method="post" action="{{action}}" class="stack">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="columns" value="{{columnList}}">
        {{/mayEdit}}
        <table class="texts">
        <caption>The hint's text per locale; a missing translation shows the fallback users see{{#textChanged}} (<strong class="changed">changed by {{variationName}}</strong>){{/textChanged}}</caption>
        <thead><tr>{{#columns}}<th scope="col">{{locale}}{{#isDefault}} (default){{/isDefault}}</th>{{/columns}}</tr></thead>
        <tbody><tr>
        {{#cells}}<td{{#missing}} class="missing"{{/missing}}>{{#mayEdit}}<input name="{{name}}" value="{{value}}" aria-label="Text ({{locale}})">{{/mayEdit}}{{^mayEdit}}{{value}}{{/mayEdit}}
        {{#missing}}<p class="hint"><strong>missing</strong>: users see “{{fallback}}”</p>{{/missing}}{{#notLocalized}}<p class="hint">not translated: users see “{{fallback}}”</p>{{/notLocalized}}
        {{#changed}}<p class="hint"><strong class="changed">changed by {{variationName}}</strong>; the hint's own: “{{own}}”</p>{{/changed}}
        {{#problems}}{{> fieldProblems}}{{/problems}}</td>
        {{/cells}}
        </tr></tbody>
        </table>
        {{#textProblems}}{{> fieldProblems}}{{/textProblems}}
        <fieldset{{^mayEdit}} disabled{{/mayEdit}}>
        <legend>Position, shape and trigger</legend>
        <label for="position">Position</label>
        <select id="position" name="position">{{#positions}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/positions}}</select>
        {{#positionChanged}}<strong class="changed">changed by {{variationName}}</strong>{{/positionChanged}}
        {{#positionProblems}}{{> fieldProblems}}{{/positionProblems}}
        <label for="shape">Highlight</label>
        <select id="shape" name="shape">{{#shapes}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/shapes}}</select>
        <label for="cornerRadius">Corner radius (points, rectangles)</label> <input id="cornerRadius" name="cornerRadius" value="{{cornerRadius}}" inputmode="decimal">
        <label for="padding">Padding (points)</label> <input id="padding" name="padding" value="{{padding}}" inputmode="decimal">
        {{#shapeChanged}}<strong class="changed">changed by {{variationName}}</strong>{{/shapeChanged}}
        {{#shapeProblems}}{{> fieldProblems}}{{/shapeProblems}}
        <label for="trigger">The hint is done on</label>
        <select id="trigger" name="trigger">{{#triggers}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/triggers}}</select>
        <label for="triggerElement">Element tapped (tap)</label> <input id="triggerElement" name="triggerElement" value="{{triggerElement}}">
        <label for="triggerDirection">Direction (swipe)</label>
        <select id="triggerDirection" name="triggerDirection">{{#directions}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/directions}}</select>
        <label for="triggerSeconds">Seconds (timer)</label> <input id="triggerSeconds" name="triggerSeconds" value="{{triggerSeconds}}" inputmode="decimal">
        <label for="triggerEvent">Event name (event)</label> <input id="triggerEvent" name="triggerEvent" value="{{triggerEvent}}">
        {{#triggerChanged}}<strong class="changed">changed by {{variationName}}</strong>{{/triggerChanged}}
        {{#triggerProblems}}{{> fieldProblems}}{{/triggerProblems}}
        <label for="canSkip">Can be skipped</label>
        <select id="canSkip" name="canSkip">{{#canSkipOptions}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/canSkipOptions}}</select>
        {{#canSkipChanged}}<strong class="changed">changed by {{variationName}}</strong>{{/canSkipChanged}}
        {{#canSkipProblems}}{{> fieldProblems}}{{/canSkipProblems}}
        </fieldset>
        {{#mayEdit}}
        <button type="submit">Save as a new revision</button>
        </form>
        {{/mayEdit}}
        <h2 id="preview">Preview ({{previewLocale}})</h2>
        <form method="get" action="{{action}}#preview" class="inline">
        {{#query}}<input type="hidden" name="{{name}}" value="{{value}}">{{/query}}
        <label for="locale">Locale</label>
        <select id="locale" name="locale">{{#previewLocales}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/previewLocales}}</select>
        <button type="submit">Show</button>
        </form>
        {{#previewSVG}}<figure class="overlay-preview">{{{previewSVG}}}<figcaption>The hint on a 390 × 844 point screen, its text and the built-in labels in {{previewLocale}}.</figcaption></figure>{{/previewSVG}}
        {{#previewProblem}}<p class="notice error">{{previewProblem}}</p>{{/previewProblem}}
        """
}
